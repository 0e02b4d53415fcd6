"""Helpers of the space-boardgames JupyterLite site (installed there as a wheel).

``boardgames_site.charts``: a stand-in for matplotlib where it cannot be installed.
"""
