/* The accelerator of core/rng.py: its mix64, splitmix64 and draw_index in C.

   rng.py is the specification. This module computes the same numbers from the same
   constants, which rng.py hands over (they are written once, there), and gives every
   input it does not take on its fast path back to rng.py's own functions: anything but
   an int for a seed or a counter, weights that are not a list or tuple of small
   non-negative ints with a positive total. So errors are the reference's own.

   Built beside the compiled modules by `make fast` (tools/build_fast.py), used only
   there: rng.py imports it when it exists, the way heapq imports _heapq.
   tests/fast/test_rng_accel.py compares the two on the same inputs. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

static uint64_t golden_gamma, mix_1, mix_2;
static PyObject *reference_mix64, *reference_splitmix64, *reference_draw_index;

/* A call handed back to rng.py's own function. */
static PyObject *
hand_back(PyObject *reference, PyObject *const *args, Py_ssize_t nargs)
{
    if (reference == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_rng is used through core/rng.py only");
        return NULL;
    }
    return PyObject_Vectorcall(reference, args, nargs, NULL);
}

static uint64_t
mix(uint64_t z)
{
    z += golden_gamma;
    z = (z ^ (z >> 30)) * mix_1;
    z = (z ^ (z >> 27)) * mix_2;
    return z ^ (z >> 31);
}

/* Output `counter` of the SplitMix64 sequence started at `seed` (rng.splitmix64). */
static uint64_t
split(uint64_t seed, uint64_t counter)
{
    return mix(seed + counter * golden_gamma);
}

/* The low 64 bits of an int (what rng.py's `& MASK64` keeps); 0 for anything else. */
static int
low_bits(PyObject *o, uint64_t *out)
{
    if (!PyLong_Check(o))
        return 0;
    uint64_t v = PyLong_AsUnsignedLongLongMask(o);
    if (v == (uint64_t)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    *out = v;
    return 1;
}

static PyObject *
mix64(PyObject *module, PyObject *x)
{
    uint64_t v;
    if (!low_bits(x, &v))
        return hand_back(reference_mix64, &x, 1);
    return PyLong_FromUnsignedLongLong(mix(v));
}

static PyObject *
splitmix64(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t seed, counter;
    if (nargs != 2 || !low_bits(args[0], &seed) || !low_bits(args[1], &counter))
        return hand_back(reference_splitmix64, args, nargs);
    return PyLong_FromUnsignedLongLong(split(seed, counter));
}

#define LARGEST_TOTAL ((int64_t)1 << 62)

/* The index whose share of 0..total-1 holds r, or -1 to hand the call back. */
static Py_ssize_t
scan(uint64_t x, PyObject *const *items, Py_ssize_t n)
{
    int64_t total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int overflow = 0;
        long long w = PyLong_Check(items[i])
            ? PyLong_AsLongLongAndOverflow(items[i], &overflow) : -1;
        if (overflow || w < 0 || w >= LARGEST_TOTAL) {
            PyErr_Clear();
            return -1;
        }
        total += w;
        if (total >= LARGEST_TOTAL)
            return -1;
    }
    if (total == 0)
        return -1;
    uint64_t r = (uint64_t)(((unsigned __int128)x * (uint64_t)total) >> 64);
    for (Py_ssize_t i = 0; i < n; i++) {
        uint64_t w = (uint64_t)PyLong_AsLongLong(items[i]);
        if (r < w)
            return i;
        r -= w;
    }
    return -1;  /* not reached: r < total */
}

static PyObject *
draw_index(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t seed, counter;
    Py_ssize_t i = -1;
    if (nargs == 3 && low_bits(args[0], &seed) && low_bits(args[1], &counter)) {
        PyObject *weights = args[2];
        uint64_t x = split(seed, counter);
        if (PyTuple_CheckExact(weights) || PyList_CheckExact(weights))
            i = scan(x, PySequence_Fast_ITEMS(weights), PySequence_Fast_GET_SIZE(weights));
    }
    if (i < 0)
        return hand_back(reference_draw_index, args, nargs);
    return PyLong_FromSsize_t(i);
}

static const char *const accelerated[] = {"mix64", "splitmix64", "draw_index"};

/* accelerate(golden_gamma, mix_1, mix_2, mix64, splitmix64, draw_index): keep rng.py's
   constants and functions; return the C (mix64, splitmix64, draw_index). */
static PyObject *
accelerate(PyObject *module, PyObject *args)
{
    PyObject *gamma, *m1, *m2, *f_mix, *f_split, *f_draw;
    if (!PyArg_ParseTuple(args, "OOOOOO:accelerate", &gamma, &m1, &m2, &f_mix, &f_split,
                          &f_draw))
        return NULL;
    if (!low_bits(gamma, &golden_gamma) || !low_bits(m1, &mix_1) || !low_bits(m2, &mix_2)) {
        PyErr_SetString(PyExc_TypeError, "accelerate: the constants must be ints");
        return NULL;
    }
    Py_XSETREF(reference_mix64, Py_NewRef(f_mix));
    Py_XSETREF(reference_splitmix64, Py_NewRef(f_split));
    Py_XSETREF(reference_draw_index, Py_NewRef(f_draw));
    PyObject *out = PyTuple_New(3);
    if (out == NULL)
        return NULL;
    for (int k = 0; k < 3; k++) {
        PyObject *f = PyObject_GetAttrString(module, accelerated[k]);
        if (f == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, k, f);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"mix64", (PyCFunction)mix64, METH_O, "rng.mix64, in C."},
    {"splitmix64", (PyCFunction)(void (*)(void))splitmix64, METH_FASTCALL,
     "rng.splitmix64, in C."},
    {"draw_index", (PyCFunction)(void (*)(void))draw_index, METH_FASTCALL,
     "rng.draw_index, in C."},
    {"accelerate", accelerate, METH_VARARGS,
     "accelerate(golden_gamma, mix_1, mix_2, mix64, splitmix64, draw_index)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_rng", "core/rng.py's accelerator (see rng.py).", -1, methods,
};

PyMODINIT_FUNC
PyInit__rng(void)
{
    return PyModule_Create(&module_def);
}
