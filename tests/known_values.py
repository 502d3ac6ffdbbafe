"""Known answers, in one place, feeding the solver, CLI and property tests.

Each value is derived by hand from the course notes (shared/seeds) or from first
principles; the source is named beside it.
"""

# Notes 000 (take-away slides): with 1-3 chips removable, P-positions are the multiples
# of 4 in normal play, and 1, 5, 9, ... in misère play.
TAKE_AWAY_SET = (1, 2, 3)
TAKE_AWAY_NORMAL_P = [n for n in range(60) if n % 4 == 0]
TAKE_AWAY_MISERE_P = [n for n in range(60) if n % 4 == 1]

# Notes 001 (Legner): (3,4,5,1) has nim-sum 3; the winning move empties heap 1.
BOUTON_EXAMPLE = ((3, 4, 5, 1), 3, [(0, 4, 5, 1)])
# Handout 17: (1,3,4) has value *6 and its only winning move is to (1,2,3).
HANDOUT_EXAMPLE = ((1, 3, 4), 6, [(1, 3, 2)])
# Handout 17, exercise 4, by the recipe "nim-add the value to each pile; keep it if smaller":
#   (3,4,5): value 2, only 3 has the 2-bit: 3 -> 1.
#   (5,6,7): value 4, all three have the 4-bit: 5 -> 1, 6 -> 2, 7 -> 3.
#   (2,3,5,7,11): value 8, only 11 has the 8-bit: 11 -> 3.
#   (2,3,5,7,11,13): value 5, the 4-bit is in 5, 7 and 13: 5 -> 0, 7 -> 2, 13 -> 8.
EXERCISE_4 = {
    (3, 4, 5): [(1, 4, 5)],
    (5, 6, 7): [(1, 6, 7), (5, 2, 7), (5, 6, 3)],
    (2, 3, 5, 7, 11): [(2, 3, 5, 7, 3)],
    (2, 3, 5, 7, 11, 13): [(2, 3, 0, 7, 11, 13), (2, 3, 5, 2, 11, 13), (2, 3, 5, 7, 11, 8)],
}
# Handout 17 worked sums: *5+*10 = *15, *5+*12 = *9, *5+*6+*7 = *4, *3+*5+*6 = *0,
# *2+*4 = *6, *1+*8+*16 = *25; slides: 2⊕3 = 1, 5⊕3 = 6, 7⊕4 = 3.
NIM_SUMS = [
    ((5, 10), 15),
    ((5, 12), 9),
    ((5, 6, 7), 4),
    ((3, 5, 6), 0),
    ((2, 4), 6),
    ((1, 8, 16), 25),
    ((2, 3), 1),
    ((5, 3), 6),
    ((7, 4), 3),
]
