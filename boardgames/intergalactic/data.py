"""Intergalactic data: the seven lists of ``rules/intergalactic.txt`` as tables.

Pure data, standard library only. Each row is an :class:`Entry`: its list, its threshold
(DC; "00" is 100, "101+" is 101; Races and Homeworlds are numbered 1..10 for 1D10), its
name as printed (extra spaces collapsed; a Race's parenthesis is its ``description``), its
attribute bonuses, its "VP +N", its requirement ("Req X n+", attribute names spelled out:
Int, Pop, Fin, Maunf/Manuf, Def, Strat, Fleets and Finances are the text's abbreviations),
the Criminal flag and its one-shot effects: ``next_bonus`` ("Get +N to next Roll"),
``nested`` ("Roll on the Research List +N" / "Roll on Fleet Table +N"), ``temporary``
("Discard at end of turn") and ``special`` (``pick`` "Pick one of the Above", ``twice``
"Roll Twice", ``lost`` "Lost Opportunity", ``steal``, ``prevent``, ``sabotage``, ``jam``).
``tests/intergalactic/test_data.py`` parses the rule text and compares every row.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from ..core.compiled import by_constructor
from ..core.limits import quote

__all__ = [
    "ATTRIBUTES",
    "BATTLE_ATTRIBUTES",
    "BUILDUP",
    "DEVELOPMENT",
    "EXPLORATION",
    "HOMEWORLD",
    "KIND",
    "LISTS",
    "RACE",
    "RESEARCH",
    "STAGES",
    "STAGE_LIST",
    "STRATAGEM",
    "Entry",
    "by_name",
]

ATTRIBUTES: Final = (
    "Weapons", "Defense", "Fleet", "Speed", "Population", "Intelligence", "Scan",
    "Strategy", "Terraforming", "Finance", "Manufacturing", "Metals", "Energy",
)
"""The thirteen attributes, in the order the text lists them."""

BATTLE_ATTRIBUTES: Final = (
    "Weapons", "Defense", "Fleet", "Speed", "Population", "Energy", "Intelligence", "Scan",
    "Strategy", "Terraforming",
)
"""The ten attributes compared in the Advantage phase."""

STAGES: Final = ("research", "exploration", "development", "buildup", "conflict")
STAGE_LIST: Final = MappingProxyType({
    "research": "research", "exploration": "exploration", "development": "development",
    "buildup": "buildup", "conflict": "stratagem",
})
"""The list each stage rolls on."""

KIND: Final = MappingProxyType({
    "research": "technology", "exploration": "world", "development": "development",
    "buildup": "fleet", "stratagem": "stratagem", "race": "race", "homeworld": "homeworld",
})
"""What an entry of each list is called on the race record."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of a list."""

    list: str
    dc: int
    name: str
    effects: tuple[tuple[str, int], ...]
    req: tuple[str, int] | None = None
    criminal: bool = False
    next_bonus: int = 0
    nested: tuple[str, int] | None = None
    temporary: bool = False
    special: str = ""
    vp: int = 0
    description: str = ""

    @property
    def advanced(self) -> bool:
        """Tech, Development and Fleet entries with a requirement are "Advanced"."""
        return self.req is not None

    @property
    def one_shot(self) -> bool:
        """Applied when landed on and never kept (ruling 4; every stratagem)."""
        return (self.list == "stratagem" or bool(self.next_bonus) or self.nested is not None
                or self.special != "")

    @property
    def kept(self) -> bool:
        """Held on the race record once landed on (technologies, worlds, developments,
        fleets)."""
        return self.list in ("research", "exploration", "development", "buildup") \
            and not self.one_shot

    @property
    def fleet(self) -> int:
        """Its Fleet bonus (an entry with one counts as a fleet: rule "End")."""
        return sum(v for a, v in self.effects if a == "Fleet")

    @property
    def points(self) -> int:
        """The VP it scores when held (ruling 9): 1 as a technology, world, development or
        fleet (once, even when it is two of these), plus its "VP +N". A Buildup entry with
        no Fleet bonus (Planetary Defenses) is none of these: only its "VP +N" (none has
        one). Never held: 0."""
        if not self.kept:
            return 0
        counts = self.list != "buildup" or self.fleet > 0
        return (1 if counts else 0) + self.vp

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled by mypyc, it pickles this way too


RESEARCH: Final[tuple[Entry, ...]] = (
    Entry('research', 10, 'Progress', (), next_bonus=10),
    Entry('research', 20, 'Research', (), next_bonus=25),
    Entry('research', 27, 'Advanced Research', (), next_bonus=50),
    Entry('research', 28, 'Atmospheric Converters', (('Terraforming', 1),)),
    Entry('research', 29, 'Comet Diverters', (('Terraforming', 4),), req=('Speed', 1)),
    Entry('research', 30, 'Geothermal Venting', (('Terraforming', 2),)),
    Entry('research', 31, 'Weather Control', (('Terraforming', 3),)),
    Entry('research', 32, 'Rotational Suppressors', (('Terraforming', 5),), req=('Speed', 2)),
    Entry('research', 33, 'Antigravity Projectors', (('Terraforming', 6),), req=('Energy', 1)),
    Entry('research', 34, 'Meson Cannons', (('Weapons', 1),)),
    Entry('research', 35, 'Particle Accelerators', (('Weapons', 2),)),
    Entry('research', 36, 'Nuclear Missiles', (('Weapons', 3),)),
    Entry('research', 37, 'Plasma Generators', (('Weapons', 6),), req=('Energy', 1)),
    Entry('research', 38, 'Gamma Ray Lasers', (('Weapons', 4),)),
    Entry('research', 39, 'Disruptor Banks', (('Weapons', 5),)),
    Entry('research', 40, 'Photon Torpedoes', (('Weapons', 7),), req=('Speed', 1)),
    Entry('research', 41, 'Phaser Emitters', (('Weapons', 8),), req=('Intelligence', 1)),
    Entry('research', 42, 'Mass Drivers', (('Weapons', 9),), req=('Metals', 1)),
    Entry('research', 43, 'Nova Bombs', (('Weapons', 10),), req=('Energy', 1)),
    Entry('research', 44, 'Material Shielding', (('Defense', 4),), req=('Metals', 1)),
    Entry('research', 45, 'Force Fields', (('Defense', 5),), req=('Energy', 1)),
    Entry('research', 46, 'Inertial Deflectors', (('Defense', 1),)),
    Entry('research', 47, 'Energy Dissipaters', (('Defense', 2),)),
    Entry('research', 48, 'Ultra Dense Armor', (('Defense', 6),), req=('Metals', 1)),
    Entry('research', 49, 'Albedo Screens', (('Defense', 3),)),
    Entry('research', 50, 'Cloaking Technology',
          (('Defense', 1), ('Strategy', 1)), req=('Scan', 1)),
    Entry('research', 51, 'Holography', (('Defense', 1), ('Strategy', 1))),
    Entry('research', 52, 'Cybernetics', (('Population', 6),), req=('Intelligence', 1)),
    Entry('research', 53, 'Artificial Photosynthesis', (('Population', 1),)),
    Entry('research', 54, 'Androids', (('Population', 7),), req=('Intelligence', 1)),
    Entry('research', 55, 'Advanced Bioharvesting', (('Population', 2),)),
    Entry('research', 56, 'Medical Immortality', (('Population', 3),)),
    Entry('research', 57, 'Genetic Engineering', (('Population', 4),)),
    Entry('research', 58, 'Accelerated Cloning', (('Population', 5),)),
    Entry('research', 59, 'Secrets of the Universe', (), vp=2),
    Entry('research', 60, 'Utopian Society', (), vp=3),
    Entry('research', 61, 'Warp Engines', (('Speed', 6),), req=('Energy', 1)),
    Entry('research', 62, 'Hyper Drives', (('Speed', 5),)),
    Entry('research', 63, 'Jump Drives', (('Speed', 7),), req=('Scan', 1)),
    Entry('research', 64, 'Ion Drives', (('Speed', 1),)),
    Entry('research', 65, 'Impulse Drives', (('Speed', 2),)),
    Entry('research', 66, 'Teleportation', (('Speed', 8),), req=('Intelligence', 1)),
    Entry('research', 67, 'Reactionless Drives', (('Speed', 3),)),
    Entry('research', 68, 'Tachyon Drives', (('Speed', 4),)),
    Entry('research', 69, 'Positronic Brains', (('Intelligence', 1),)),
    Entry('research', 70, 'Artificial Intelligence', (('Intelligence', 2),)),
    Entry('research', 71, 'Quantum Computers', (('Intelligence', 3),)),
    Entry('research', 72, 'Mind Duplicates', (('Intelligence', 4),)),
    Entry('research', 73, 'Genetic Augmentation', (('Intelligence', 5),), req=('Population', 1)),
    Entry('research', 74, 'Sentient Uplift', (('Intelligence', 6),), req=('Population', 1)),
    Entry('research', 75, 'Nanotech Miniaturization', (('Manufacturing', 2),)),
    Entry('research', 76, 'Advanced Robotics', (('Manufacturing', 1),)),
    Entry('research', 77, 'Composite Construction', (('Manufacturing', 4),), req=('Metals', 1)),
    Entry('research', 78, 'Self Assembly', (('Manufacturing', 3),)),
    Entry('research', 79, 'Xeno-Psychology Marketing', (('Finance', 1),)),
    Entry('research', 80, 'Meta Data Encryption', (('Finance', 2),)),
    Entry('research', 81, 'Infinite Prosperity', (('Finance', 4),), req=('Strategy', 1)),
    Entry('research', 82, 'AI Investment Modeling', (('Finance', 3),), req=('Intelligence', 1)),
    Entry('research', 83, 'Matter Replicators', (('Metals', 1),)),
    Entry('research', 84, 'Planetary Core Mining', (('Metals', 5),), req=('Scan', 1)),
    Entry('research', 85, 'Advanced Alloys', (('Metals', 2),)),
    Entry('research', 86, 'Zero-G Refining', (('Metals', 3),)),
    Entry('research', 87, 'Exotic Metallurgy', (('Metals', 4),), req=('Intelligence', 1)),
    Entry('research', 88, 'Radiation Dampers', (('Energy', 1),)),
    Entry('research', 89, 'Antimatter Reactors', (('Energy', 4),), req=('Intelligence', 1)),
    Entry('research', 90, 'Fusion Reactors', (('Energy', 2),)),
    Entry('research', 91, 'Quantum Stream Technology', (('Energy', 3),)),
    Entry('research', 92, 'Ultimate Superconductors', (('Energy', 5),), req=('Metals', 1)),
    Entry('research', 93, 'Long Range Probes', (('Scan', 1), ('Strategy', 1))),
    Entry('research', 94, 'Passive Sensor Arrays', (('Scan', 1), ('Defense', 1))),
    Entry('research', 95, 'Survey Ships', (('Scan', 1), ('Fleet', 1))),
    Entry('research', 96, 'Energy Scanners', (('Scan', 2),)),
    Entry('research', 97, 'Scout Ships', (('Scan', 1), ('Fleet', 2)), req=('Speed', 1)),
    Entry('research', 98, 'Drones', (('Scan', 1), ('Weapons', 1))),
    Entry('research', 99, 'Precog Computers', (('Strategy', 3),)),
    Entry('research', 100, 'Telepathy', (('Strategy', 5),), req=('Intelligence', 1)),
    Entry('research', 101, 'Pick one of the Above', (), special='pick'),
)

EXPLORATION: Final[tuple[Entry, ...]] = (
    Entry('exploration', 20, 'Empty Void', (), next_bonus=5),
    Entry('exploration', 35, 'Scan the Heavens', (), next_bonus=10),
    Entry('exploration', 50, 'Boldly Go', (), next_bonus=15),
    Entry('exploration', 51, 'Fringe World', (('Speed', 1),)),
    Entry('exploration', 52, 'Worm Hole', (('Speed', 2),)),
    Entry('exploration', 53, 'Outer System', (('Speed', 3),)),
    Entry('exploration', 54, 'Gateway World', (('Speed', 4),)),
    Entry('exploration', 55, 'Patron Race', (('Population', 1),)),
    Entry('exploration', 56, 'Main Line World', (('Population', 2),)),
    Entry('exploration', 57, 'Agri World', (('Population', 3),)),
    Entry('exploration', 58, 'Prime World', (('Population', 4),)),
    Entry('exploration', 59, 'Inner System', (('Population', 5),)),
    Entry('exploration', 60, 'Alien Refugees', (('Population', 6),)),
    Entry('exploration', 61, 'First Contact', (('Intelligence', 1),)),
    Entry('exploration', 62, 'Minor Race', (('Intelligence', 2),)),
    Entry('exploration', 63, 'Progenitor Ruins', (('Terraforming', 1),)),
    Entry('exploration', 64, 'Plague World', (('Weapons', 3),)),
    Entry('exploration', 65, 'Infestation World', (('Weapons', 4),)),
    Entry('exploration', 66, 'Derelict Ships', (('Fleet', 1),)),
    Entry('exploration', 67, 'Ship Graveyard', (('Fleet', 2),)),
    Entry('exploration', 68, 'Alien Ruins', (), nested=('research', 30)),
    Entry('exploration', 69, 'Archival World', (), nested=('research', 40)),
    Entry('exploration', 70, 'Strategic Sector', (('Strategy', 3),)),
    Entry('exploration', 71, 'Neutral Zone', (('Strategy', 4),)),
    Entry('exploration', 72, 'Solar Beacon', (('Scan', 2),)),
    Entry('exploration', 73, 'Mystic World', (('Scan', 1), ('Strategy', 1))),
    Entry('exploration', 74, 'Distant World', (('Scan', 3),)),
    Entry('exploration', 75, 'Living World', (('Defense', 1), ('Scan', 1))),
    Entry('exploration', 76, 'Mining World', (('Metals', 1),)),
    Entry('exploration', 77, 'Rocky World', (('Metals', 2),)),
    Entry('exploration', 78, 'Crystal World', (('Metals', 3),)),
    Entry('exploration', 79, 'Alien Energy Source', (('Energy', 1),)),
    Entry('exploration', 80, 'Radioactive World', (('Energy', 2),)),
    Entry('exploration', 81, 'Gas Giant', (('Energy', 3),)),
    Entry('exploration', 82, 'Cosmic Anomaly', (('Energy', 4),)),
    Entry('exploration', 83, 'Ice World', (('Defense', 1),)),
    Entry('exploration', 84, 'Desert World', (('Defense', 2),)),
    Entry('exploration', 85, 'Jungle World', (('Defense', 3),)),
    Entry('exploration', 86, 'Rift World', (('Defense', 4),)),
    Entry('exploration', 87, 'Lost World', (('Defense', 5),)),
    Entry('exploration', 88, 'Black Hole', (('Defense', 6),)),
    Entry('exploration', 89, 'Nova', (('Defense', 7),)),
    Entry('exploration', 90, 'Rebel World', (('Defense', 8),)),
    Entry('exploration', 91, 'Dead World', (('Defense', 1), ('Scan', 1))),
    Entry('exploration', 92, 'Volcanic World', (('Defense', 9),)),
    Entry('exploration', 93, 'Unstable World', (('Defense', 1), ('Strategy', 1))),
    Entry('exploration', 94, 'Binary System', (('Defense', 10),)),
    Entry('exploration', 95, 'Alien Monolith', (), vp=1),
    Entry('exploration', 96, 'Monument World', (), vp=2),
    Entry('exploration', 97, 'Miracle Planet', (), vp=3),
    Entry('exploration', 98, 'Garden World', (), vp=4),
    Entry('exploration', 99, 'Wonder World', (), vp=5),
    Entry('exploration', 100, 'Holy Worlds', (), vp=6),
    Entry('exploration', 101, 'Roll Twice', (), special='twice'),
)

DEVELOPMENT: Final[tuple[Entry, ...]] = (
    Entry('development', 20, 'Gradual Development', (), next_bonus=15),
    Entry('development', 30, 'Speed Up Economy', (), next_bonus=30),
    Entry('development', 40, 'Massive Investment', (), next_bonus=45),
    Entry('development', 41, 'Biosphere Megastructures', (('Population', 6),), req=('Metals', 1)),
    Entry('development', 42, 'Space Cities', (('Population', 1),)),
    Entry('development', 43, 'Fast Growing Colonies', (('Population', 7),), req=('Speed', 3)),
    Entry('development', 44, 'Generation Ships', (('Population', 2),)),
    Entry('development', 45, 'Bio Domes', (('Population', 3),)),
    Entry('development', 46, 'Hive Worlds', (('Population', 4),)),
    Entry('development', 47, 'Core Worlds', (('Population', 5),)),
    Entry('development', 48, 'Outposts', (('Scan', 1), ('Defense', 1))),
    Entry('development', 49, 'Deep Space Observatories', (('Scan', 2),)),
    Entry('development', 50, 'Space Platforms', (('Speed', 4),), req=('Metals', 1)),
    Entry('development', 51, 'Space Lanes', (('Speed', 1),)),
    Entry('development', 52, 'Star Gates', (('Speed', 2),)),
    Entry('development', 53, 'Space Ports', (('Speed', 3),)),
    Entry('development', 54, 'Military Bases', (('Strategy', 3),)),
    Entry('development', 55, 'Forward Bases', (('Strategy', 1), ('Scan', 1))),
    Entry('development', 56, 'War Industries', (('Weapons', 3),), req=('Finance', 1)),
    Entry('development', 57, 'Military Buildup',
          (('Weapons', 2), ('Fleet', 2)), req=('Manufacturing', 1)),
    Entry('development', 58, 'Armaments', (('Weapons', 2),)),
    Entry('development', 59, 'Fortified Worlds', (('Defense', 3),)),
    Entry('development', 60, 'Invention Matrix', (), nested=('research', 35)),
    Entry('development', 61, 'Galactic Think Tanks', (), nested=('research', 45)),
    Entry('development', 62, 'Universal Universities',
          (('Intelligence', 3),), req=('Population', 3)),
    Entry('development', 63, 'Discovery Spheres', (('Intelligence', 2),)),
    Entry('development', 64, 'Psionic Institutes', (('Intelligence', 1),)),
    Entry('development', 65, 'Prototypes', (('Fleet', 3),)),
    Entry('development', 66, 'Orbital Shipyards', (('Fleet', 4),)),
    Entry('development', 67, 'Planetary Engineers', (), nested=('research', 50)),
    Entry('development', 68, 'Xeno Museums', (), vp=1),
    Entry('development', 69, 'Entertainment Complexes', (), vp=2),
    Entry('development', 70, 'Cultural Edifices', (), vp=3),
    Entry('development', 71, 'Galactic Arenas', (), vp=4),
    Entry('development', 72, 'Space Casino Resorts', (), vp=5),
    Entry('development', 73, 'Alien Embassies', (), vp=6),
    Entry('development', 74, 'Cosmic Consulates', (), vp=7),
    Entry('development', 75, 'Industrial Complexes', (('Manufacturing', 1),)),
    Entry('development', 76, 'Perpetual Factories', (('Manufacturing', 4),), req=('Energy', 1)),
    Entry('development', 77, 'Manufacturing Centers', (('Manufacturing', 2),)),
    Entry('development', 78, 'Robot Worlds', (('Manufacturing', 3),)),
    Entry('development', 79, 'Machine Worlds', (('Manufacturing', 5),), req=('Intelligence', 2)),
    Entry('development', 80, 'Nebula Condensers', (('Energy', 1),)),
    Entry('development', 81, 'Singularity Rings', (('Energy', 2),)),
    Entry('development', 82, 'Mining Operations', (('Metals', 1),)),
    Entry('development', 83, 'Collider Forges', (('Metals', 5),), req=('Energy', 1)),
    Entry('development', 84, 'Asteroid Refineries', (('Metals', 2),)),
    Entry('development', 85, 'Space Elevators', (('Metals', 3),)),
    Entry('development', 86, 'Extractor Modules', (('Metals', 4),)),
    Entry('development', 87, 'Wealthy Sector', (('Finance', 1),)),
    Entry('development', 88, 'Luxury Exports', (('Finance', 2),)),
    Entry('development', 89, 'Merchant Worlds', (('Finance', 3),)),
    Entry('development', 90, 'Interstellar Trade Routes', (('Finance', 6),), req=('Speed', 2)),
    Entry('development', 91, 'Galactic Stock Exchange', (('Finance', 4),)),
    Entry('development', 92, 'Sector Banking Centers', (('Finance', 5),)),
    Entry('development', 93, 'New Economies', (('Finance', 7),), req=('Population', 2)),
    Entry('development', 94, 'Black Market', (('Finance', 1),), criminal=True),
    Entry('development', 95, 'Space Smugglers', (('Manufacturing', 1),), criminal=True),
    Entry('development', 96, 'Piracy', (('Metals', 1),), criminal=True),
    Entry('development', 97, 'Raiding', (('Scan', 1),), criminal=True),
    Entry('development', 98, 'Privateers', (('Fleet', 1),), criminal=True),
    Entry('development', 99, 'Slavers', (('Population', 1),), criminal=True),
    Entry('development', 100, 'Weapon Merchants',
          (('Weapons', 1),), req=('Weapons', 4), criminal=True),
    Entry('development', 101, 'Roll Twice', (), special='twice'),
)

BUILDUP: Final[tuple[Entry, ...]] = (
    Entry('buildup', 14, 'Research & Design', (), next_bonus=15),
    Entry('buildup', 16, 'Attack Fleet', (('Fleet', 2), ('Weapons', 4))),
    Entry('buildup', 18, 'Light Fleet',
          (('Fleet', 2), ('Intelligence', 1), ('Scan', 1), ('Speed', 2))),
    Entry('buildup', 20, 'Main Fleet', (('Fleet', 3), ('Weapons', 2), ('Strategy', 1))),
    Entry('buildup', 22, 'Fast Fleet', (('Fleet', 2), ('Speed', 4))),
    Entry('buildup', 24, 'Fringe Fleet', (('Fleet', 3), ('Speed', 2), ('Scan', 1))),
    Entry('buildup', 26, 'Core Fleet', (('Fleet', 6),)),
    Entry('buildup', 28, 'Bulwark Fleet', (('Fleet', 4), ('Defense', 2))),
    Entry('buildup', 30, 'Heavy Fleet', (('Fleet', 4), ('Weapons', 1), ('Defense', 1))),
    Entry('buildup', 32, 'Great Fleet', (('Fleet', 5), ('Strategy', 1))),
    Entry('buildup', 34, 'Major Fleet', (('Fleet', 5), ('Speed', 1))),
    Entry('buildup', 36, 'Dreadnaught Fleet', (('Fleet', 4), ('Weapons', 2)), req=('Metals', 2)),
    Entry('buildup', 38, 'Battleship Fleet',
          (('Fleet', 3), ('Weapons', 1), ('Defense', 1), ('Energy', 1))),
    Entry('buildup', 40, 'Minor Fleet', (('Fleet', 2), ('Speed', 3), ('Defense', 1))),
    Entry('buildup', 42, 'First Line Fleet', (('Fleet', 3), ('Speed', 1), ('Weapons', 2))),
    Entry('buildup', 44, 'Second Line Fleet',
          (('Fleet', 2), ('Defense', 2), ('Weapons', 1), ('Population', 1))),
    Entry('buildup', 46, 'Planetary Defenses', (('Defense', 5), ('Weapons', 1), ('Strategy', 1))),
    Entry('buildup', 48, 'Orbital Minefields', (('Weapons', 3), ('Defense', 3), ('Strategy', 1))),
    Entry('buildup', 52, 'Space Armada', (('Fleet', 5), ('Weapons', 1)), req=('Manufacturing', 2)),
    Entry('buildup', 54, 'Cruiser Squadrons',
          (('Fleet', 3), ('Weapons', 1), ('Speed', 1), ('Strategy', 1))),
    Entry('buildup', 56, 'Invasion Fleet', (('Fleet', 3), ('Population', 3))),
    Entry('buildup', 58, 'Expeditionary Force',
          (('Fleet', 2), ('Scan', 1), ('Weapons', 1), ('Speed', 2))),
    Entry('buildup', 60, 'Stockpiles', (('Weapons', 5), ('Strategy', 2))),
    Entry('buildup', 62, 'Escort Ships', (('Fleet', 2), ('Defense', 3), ('Scan', 1))),
    Entry('buildup', 64, 'Space Rangers', (('Fleet', 2), ('Speed', 2), ('Intelligence', 2))),
    Entry('buildup', 66, 'Space Marines', (('Fleet', 3), ('Population', 2), ('Weapons', 1))),
    Entry('buildup', 68, 'Battle Stations',
          (('Fleet', 1), ('Defense', 3), ('Scan', 1), ('Weapons', 1))),
    Entry('buildup', 70, 'Destroyer Packs',
          (('Fleet', 2), ('Speed', 1), ('Weapons', 2), ('Scan', 1))),
    Entry('buildup', 72, 'Corvette Raiders', (('Fleet', 2), ('Speed', 3), ('Weapons', 1))),
    Entry('buildup', 74, 'Interceptor Fleet',
          (('Fleet', 3), ('Defense', 1), ('Scan', 1), ('Speed', 1))),
    Entry('buildup', 76, 'Space Forts', (('Fleet', 1), ('Weapons', 1), ('Defense', 4))),
    Entry('buildup', 78, 'Flagship',
          (('Fleet', 1), ('Weapons', 1), ('Speed', 1), ('Defense', 1), ('Strategy', 2))),
    Entry('buildup', 80, 'Space Patrol', (('Fleet', 1), ('Scan', 3), ('Speed', 2))),
    Entry('buildup', 82, 'Carrier Fleet', (('Fleet', 3), ('Weapons', 3))),
    Entry('buildup', 84, 'Command Center', (('Intelligence', 3), ('Strategy', 4))),
    Entry('buildup', 86, 'Early Warning Network',
          (('Scan', 5), ('Intelligence', 1), ('Strategy', 1))),
    Entry('buildup', 88, 'Reserve Fleet', (('Fleet', 3), ('Strategy', 3))),
    Entry('buildup', 90, 'Fighter Bases', (('Fleet', 2), ('Defense', 3), ('Weapons', 1))),
    Entry('buildup', 92, 'Ragtag Fleet',
          (('Fleet', 3), ('Defense', 1), ('Speed', 1), ('Population', 1))),
    Entry('buildup', 94, 'Task Force', (('Fleet', 4), ('Strategy', 1), ('Speed', 1))),
    Entry('buildup', 95, 'Troop Transports', (('Fleet', 2), ('Population', 4))),
    Entry('buildup', 96, 'Last Line of Defense', (('Fleet', 3), ('Defense', 3))),
    Entry('buildup', 98, 'World Killer', (('Fleet', 3), ('Terraforming', 3)), req=('Energy', 2)),
    Entry('buildup', 100, 'Planet Buster', (('Fleet', 1), ('Terraforming', 5)), req=('Energy', 2)),
    Entry('buildup', 101, 'Pick one of the Above', (), special='pick'),
)

STRATAGEM: Final[tuple[Entry, ...]] = (
    Entry('stratagem', 20, 'Lost Opportunity', (), special='lost'),
    Entry('stratagem', 40, 'Tactical Advantage', (('Strategy', 5),)),
    Entry('stratagem', 58, 'Superior Tactics', (('Strategy', 5), ('Speed', 5))),
    Entry('stratagem', 59, 'Feint', (('Strategy', 5), ('Speed', 5), ('Defense', 5))),
    Entry('stratagem', 60, 'Pincer Movement', (('Strategy', 10), ('Speed', 5))),
    Entry('stratagem', 61, 'Envelopment', (('Strategy', 5), ('Speed', 10))),
    Entry('stratagem', 62, 'Attrition', (('Strategy', 5), ('Population', 5), ('Fleet', 5))),
    Entry('stratagem', 63, 'Decoy', (('Strategy', 5), ('Intelligence', 10))),
    Entry('stratagem', 64, 'Breakthrough', (('Strategy', 5), ('Speed', 5), ('Weapons', 5))),
    Entry('stratagem', 65, 'Assimilation', (('Strategy', 5), ('Population', 10))),
    Entry('stratagem', 66, 'Conquest', (('Strategy', 5), ('Weapons', 5), ('Population', 5))),
    Entry('stratagem', 67, 'Space Siege',
          (('Strategy', 5), ('Terraforming', 5), ('Population', 5))),
    Entry('stratagem', 68, 'Annexation', (('Strategy', 10), ('Fleet', 5))),
    Entry('stratagem', 69, 'Occupation', (('Strategy', 5), ('Population', 5), ('Defense', 5))),
    Entry('stratagem', 70, 'Asteroid Ambush', (('Strategy', 10), ('Intelligence', 5))),
    Entry('stratagem', 71, 'Surrounded', (('Strategy', 5), ('Fleet', 10))),
    Entry('stratagem', 72, 'Galactic Blitz', (('Strategy', 5), ('Weapons', 5), ('Fleet', 5))),
    Entry('stratagem', 73, 'Suicide Mission', (('Strategy', 5), ('Weapons', 10))),
    Entry('stratagem', 74, 'Invasion', (('Strategy', 5), ('Population', 5), ('Fleet', 5))),
    Entry('stratagem', 75, 'Defense in Depth', (('Strategy', 10), ('Defense', 5))),
    Entry('stratagem', 76, 'Perimeter Defense', (('Strategy', 5), ('Defense', 5), ('Scan', 5))),
    Entry('stratagem', 77, 'All Out Attack', (('Strategy', 10), ('Weapons', 5))),
    Entry('stratagem', 78, 'Exploit Breach', (('Strategy', 5), ('Weapons', 5), ('Speed', 5))),
    Entry('stratagem', 79, 'Counter Attack', (('Strategy', 6), ('Weapons', 3), ('Speed', 6))),
    Entry('stratagem', 80, 'Hide And Seek', (('Strategy', 6), ('Scan', 6), ('Speed', 3))),
    Entry('stratagem', 81, 'Extermination', (('Strategy', 5), ('Terraforming', 10))),
    Entry('stratagem', 82, 'Concentrate Forces', (('Strategy', 3), ('Fleet', 12))),
    Entry('stratagem', 83, 'Last Stand', (('Strategy', 3), ('Defense', 12))),
    Entry('stratagem', 84, 'Border Skirmishes', (('Strategy', 10), ('Scan', 5))),
    Entry('stratagem', 85, 'Infiltration', (('Strategy', 5), ('Scan', 5), ('Speed', 5))),
    Entry('stratagem', 86, 'Recon in Force',
          (('Strategy', 3), ('Scan', 3), ('Speed', 3), ('Intelligence', 3), ('Fleet', 3))),
    Entry('stratagem', 87, 'Enslavement', (('Strategy', 6), ('Weapons', 3), ('Population', 6))),
    Entry('stratagem', 88, 'Legendary Captain', (('Strategy', 9), ('Intelligence', 6))),
    Entry('stratagem', 89, 'Dropship Assault',
          (('Strategy', 5), ('Intelligence', 5), ('Population', 5))),
    Entry('stratagem', 90, 'Intruder Alert', (('Strategy', 5), ('Intelligence', 5), ('Scan', 5))),
    Entry('stratagem', 91, 'Reserves', (), nested=('buildup', 15)),
    Entry('stratagem', 92, 'Wartime Production', (), nested=('buildup', 15)),
    Entry('stratagem', 93, 'Alien Allies', (), nested=('buildup', 15), temporary=True),
    Entry('stratagem', 94, 'Alien Mercenaries', (), nested=('buildup', 15), temporary=True),
    Entry('stratagem', 95, 'Wartime Research', (), nested=('research', 30)),
    Entry('stratagem', 96, 'Steal Technology', (), special='steal'),
    Entry('stratagem', 97, 'Diplomacy', (), special='prevent'),
    Entry('stratagem', 98, 'Truce', (), special='prevent'),
    Entry('stratagem', 99, 'Sabotage', (), special='sabotage'),
    Entry('stratagem', 100, 'Jam Communications', (), special='jam'),
    Entry('stratagem', 101, 'Pick one of the Above', (), special='pick'),
)

RACE: Final[tuple[Entry, ...]] = (
    Entry('race', 1, 'Humans',
          (('Finance', 1), ('Intelligence', 1)), description='Bipedial Mammals'),
    Entry('race', 2, 'Thorax',
          (('Manufacturing', 1), ('Population', 1)), description='Insectoid Hives'),
    Entry('race', 3, 'Glish',
          (('Population', 1), ('Terraforming', 1)), description='Plantlike Beings'),
    Entry('race', 4, 'Moungwoawn', (('Defense', 3), ('Scan', 1)), description='Empaths'),
    Entry('race', 5, 'Karnor',
          (('Weapons', 3), ('Strategy', 3)), description='Reptillian Warriors'),
    Entry('race', 6, 'Sos Zhani', (('Fleet', 1), ('Speed', 1)), description='Fishy Nomads'),
    Entry('race', 7, 'Nemids',
          (('Manufacturing', 1), ('Intelligence', 1)), description='Android Collective'),
    Entry('race', 8, 'Flil', (('Energy', 1), ('Weapons', 3)), description='Energy Consciousness'),
    Entry('race', 9, 'Chaitians',
          (('Population', 1), ('Strategy', 3)), description='Crusty Fanatics'),
    Entry('race', 10, 'Yiff', (('Speed', 1), ('Finance', 1)), description='Avian Traders'),
)

HOMEWORLD: Final[tuple[Entry, ...]] = (
    Entry('homeworld', 1, 'Blue World', (('Finance', 1),)),
    Entry('homeworld', 2, 'Red World', (('Strategy', 3),)),
    Entry('homeworld', 3, 'Green World', (('Population', 1),)),
    Entry('homeworld', 4, 'Brown World', (('Metals', 1),)),
    Entry('homeworld', 5, 'Yellow World', (('Intelligence', 1),)),
    Entry('homeworld', 6, 'Orange World', (('Scan', 1),)),
    Entry('homeworld', 7, 'Indigo World', (('Speed', 1),)),
    Entry('homeworld', 8, 'Grey World', (('Manufacturing', 1),)),
    Entry('homeworld', 9, 'White World', (('Energy', 1),)),
    Entry('homeworld', 10, 'Black World', (('Defense', 3),)),
)
LISTS: Final[MappingProxyType[str, tuple[Entry, ...]]] = MappingProxyType({
    "research": RESEARCH,
    "exploration": EXPLORATION,
    "development": DEVELOPMENT,
    "buildup": BUILDUP,
    "stratagem": STRATAGEM,
    "race": RACE,
    "homeworld": HOMEWORLD,
})

_BY_NAME: Final[dict[str, Entry]] = {}
for _rows in LISTS.values():
    for _e in _rows:
        if _e.dc <= 100 and _e.list not in ("stratagem",):
            _BY_NAME.setdefault(_e.name, _e)


def by_name(name: str) -> Entry:
    """The kept-list, race or homeworld entry called ``name`` (names are unique across
    those lists; ``ValueError`` for an unknown name)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError(f"no Intergalactic entry is called {quote(name)}") from None
