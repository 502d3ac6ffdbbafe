"""Student-facing texts of proofs/*.py rewritten for the handout (issue 25, section 2).

Titles and statements are what a student reads: mathematics and prose, with no code
(nim_mul(...), len(moves)), no engine names (Z3), no claim ids and no typos.  The
coordinator runs this once after merging (proofs/ is being restructured by another
branch, which keeps these strings intact), then deletes it.  Each old string must occur
exactly once in its file; otherwise the script stops and names it.

    python proof_text_edits.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent

# (file, old exact string, new exact string)
EDITS: list[tuple[str, str, str]] = [
    # nim-sum laws: one text for one-, two- and three-variable laws; no engine named.
    (
        "proofs/nim_sum_algebra.py",
        '"for all natural numbers x, y, z, of any bit width (induction on the width, base and "\n'
        '    "step by Z3)"',
        '"for all natural numbers, of any number of binary digits (by induction on the number "\n'
        '    "of binary digits, each step proved by machine)"',
    ),
    (
        "proofs/nim_sum_algebra.py",
        '"sum (Z3; any number of them: nim-sum-distinct-powers-any-count)"',
        '"sum (proved by machine; for any number of them, see the next statement)"',
    ),
    (
        "proofs/nim_sum_algebra.py",
        '"ordinary sum (three lemmas by Z3; the induction on the number of powers is argued on "',
        '"ordinary sum (three lemmas proved by machine; the induction on the number of powers "\n'
        '        "is argued on "',
    ),
    (
        "proofs/bouton.py",
        '"of bits (each step by Z3); the induction on heaps and positions is argued on paper, "',
        '"of bits (each step proved by machine); the induction on heaps and positions is "\n'
        '        "argued on paper, "',
    ),
    (
        "proofs/bouton.py",
        '"the number of bits (each step by Z3); the induction on positions is argued on paper, "',
        '"the number of bits (each step proved by machine); the induction on positions is "\n'
        '        "argued on paper, "',
    ),
    (
        "proofs/bouton.py",
        '"sizes.  Five lemmas for all natural numbers (induction on the bits, steps by Z3), "',
        '"sizes.  Five lemmas for all natural numbers (induction on the bits, each step proved "\n'
        '        "by machine), "',
    ),
    (
        "proofs/bouton.py",
        '"four over heaps of 0 or 1 (every case), and Bouton\'s condition (2) from "\n'
        '        "bouton-any-number-of-heaps; the induction',
        '"four over heaps of 0 or 1 (every case), and Bouton\'s condition (2) from "\n'
        '        "Bouton\'s theorem for any number of heaps; the induction"\n        "',
    ),
    (
        "proofs/sprague_grundy.py",
        '"the bit width (base and step by Z3)"',
        '"the number of binary digits (each step proved by machine)"',
    ),
    (
        "proofs/sprague_grundy_induction.py",
        '" (induction on the birthday, each step proved by Z3 for an arbitrary game)"',
        '" (by induction on the birthday of the game, each step proved by machine for an "\n'
        '            "arbitrary game)"',
    ),
    (
        "proofs/sprague_grundy_induction.py",
        '"H\' is P; Z3 checks the deduction for an arbitrary game)"',
        '"H\' is P; the deduction is checked by machine for an arbitrary game)"',
    ),
    (
        "proofs/sprague_grundy_induction.py",
        '"G + *0 have G\'s outcome; if G is P, G + K and K agree; if G = *0, take K = *0; Z3 "\n'
        '        "checks the deduction for an arbitrary game)"',
        '"G + *0 have G\'s outcome; if G is P, G + K and K agree; if G = *0, take K = *0; the "\n'
        '        "deduction is checked by machine for an arbitrary game)"',
    ),
    (
        "proofs/sprague_grundy_induction.py",
        '" (induction on the birthday of G + Q + K, each step proved by Z3 for arbitrary "',
        '" (induction on the birthday of G + Q + K, each step proved by machine for arbitrary "',
    ),
    (
        "proofs/sprague_grundy_induction.py",
        '" (induction on the birthday of G + H, each step proved by Z3 for arbitrary games, "',
        '" (induction on the birthday of G + H, each step proved by machine for arbitrary "\n'
        '        "games, "',
    ),
    (
        "proofs/sprague_grundy_induction.py",
        '"n; Z3 checks the deduction for arbitrary games)"',
        '"n; the deduction is checked by machine for arbitrary games)"',
    ),
    (
        "proofs/take_away_induction.py",
        '"for every n >= 0 and k >= 1 (the induction step proved by Z3)"',
        '"for every n >= 0 and k >= 1 (by induction on n, the step proved by machine)"',
    ),
    (
        "proofs/take_away_induction.py",
        '"n mod (k+1) = 1, for every n >= 0 and k >= 1 (the induction step proved by Z3)"',
        '"n mod (k+1) = 1, for every n >= 0 and k >= 1 (by induction on n, the step proved by "\n'
        '        "machine)"',
    ),
    (
        "proofs/lucky_nim_z3.py",
        'title="Lucky Nim block parity for all m, n and every position (induction step by Z3)"',
        'title="Lucky Nim block parity for all m, n and every position (by induction)"',
    ),
    (
        "proofs/lucky_nim_z3.py",
        '"it odd, each turn takes a counter) Z3 proves"',
        '"it odd, each turn takes a counter) is proved by machine"',
    ),
    (
        "proofs/beer_can_round_table.py",
        '"reflection -p.  Z3 over the reals: while the cans on the table are the centre can and "',
        '"reflection -p.  Proved by machine over the real numbers: while the cans on the table "\n'
        '        "are the centre can and "',
    ),
    (
        "proofs/chomp_and_boards.py",
        '"other.  Z3, for unbounded n and arms k: the bite (2,2) is legal and leaves the L with "',
        '"other.  Proved by machine for every n and every arm length k: the bite (2,2) is legal "\n'
        '        "and leaves the L with "',
    ),
    (
        "proofs/chomp_and_boards.py",
        '"These are the base and the step, both proved by Z3, of an induction on k: the "',
        '"These are the base and the step of an induction on k: the "',
    ),
    (
        "proofs/chomp_and_boards.py",
        'statement="every a x b rectangle with area > 1 is an N-position.  Z3, for unbounded a "\n'
        '        "and b: biting',
        'statement="every a x b rectangle with area > 1 is an N-position.  Proved by machine "\n'
        '        "for every a and b: "\n        "biting',
    ),
    # Code in titles and statements: the mathematics instead.
    (
        "proofs/classics.py",
        'title="Moore\'s theorem for Nim_k"',
        "title=\"Moore's theorem for Moore's Nim with k heaps\"",
    ),
    (
        "proofs/classics.py",
        "\"In Moore's Nim_k (take from up to k heaps at once)",
        '"In Moore\'s Nim with parameter k "\n            "(take from up to k heaps at once)',
    ),
    (
        "proofs/nim_field.py",
        '"nim_mul is Conway\'s nim product for every pair up to 256"',
        '"The nim product by the tower of fields is Conway\'s nim product, for every pair up "\n'
        '        "to 256"',
    ),
    (
        "proofs/nim_field.py",
        '"for 0 <= a, b <= 256 (a, b < 64 with quick settings), nim_mul(a, b) equals "',
        '"for 0 <= a, b <= 256 (a, b < 64 with quick settings), the product a ⊗ b computed by "\n'
        '        "the tower of fields equals "',
    ),
    (
        "proofs/nim_field.py",
        '"Every non-zero nimber below 2^8 has a nim inverse; nim_inv inverts under nim_mul below "',
        '"Every non-zero nimber below 2^8 has a nim inverse; the inverse formula works below "',
    ),
    (
        "proofs/nim_field.py",
        '"The nimbers below 2^(2^k) are closed under nim multiplication, for k <= 3"',
        '"The nimbers below 2, 4, 16 and 256 are closed under nim multiplication"',
    ),
    (
        "proofs/nim_field.py",
        '"x, y < 2^(2^k) implies x ⊗ y < 2^(2^k), for k <= 3 on "',
        '"x, y < D implies x ⊗ y < D, for each D = 2, 4, 16, 256 on "',
    ),
    (
        "proofs/nim_field.py",
        '"for D = 2^(2^n) with n <= 3 (n <= 2 with quick settings), D ⊗ D = 3/2 · D and "',
        '"for D = 2, 4, 16 and 256 (not 256 with quick settings), D ⊗ D = 3/2 · D and "',
    ),
    (
        "proofs/nim_field.py",
        "\"Each nimber below 2^32 has exactly one square root there (Conway's product "
        'below 2^8, "\n'
        '        "nim_mul\'s tower by Z3 above)"',
        '"Each nimber below 2^32 has exactly one square root there"',
    ),
    (
        "proofs/nim_field.py",
        "TESTED_BEYOND = \"random nimbers up to 2^{bits} through nim_mul's tower are tested, "
        'not proved"',
        "TESTED_BEYOND = (\n"
        '    "random nimbers up to 2^{bits}, multiplied by the tower of fields, are "\n'
        '    "tested, not proved"\n)',
    ),
    (
        "proofs/nim_field.py",
        'x ⊗ nim_inv(x) = 1 through "\n        "nim_mul for every 0 < x < 2^16',
        'the inverse formula gives "\n        "x ⊗ x⁻¹ = 1 for every 0 < x < 2^16',
    ),
    (
        "proofs/nim_field.py",
        '"scratch (nim_mul is built on this rule, so it is not checked through nim_mul)"',
        '"scratch (the tower of fields is built on this rule, so it is not checked through it)"',
    ),
    (
        "proofs/nim_field.py",
        'f"field): for {ON_FIELD}; and by Z3 for every x, y < 2^32 (2^16 with quick settings) "\n'
        "        \"with ⊗ nim_mul's tower recursion transcribed for Z3, Conway's product wherever "
        'the "\n'
        '        "two are compared (nim-product-mex-definition)"',
        'f"field): for {ON_FIELD}; and proved by machine for every x, y < 2^32 (2^16 with "\n'
        "        \"quick settings) with ⊗ computed by the tower of fields, which is Conway's "
        'product "\n'
        '        "wherever the two are compared"',
    ),
    (
        "proofs/nim_field.py",
        'scope=f"bounded: x, y < 2^{width} (Z3 on nim_mul\'s tower recursion)"',
        'scope=f"bounded: x, y < 2^{width} (by machine, ⊗ by the tower of fields)"',
    ),
    (
        "proofs/nim_field.py",
        'scope=f"bounded: x < 2^{width} (Z3 on nim_mul\'s tower recursion)"',
        'scope=f"bounded: x < 2^{width} (by machine, ⊗ by the tower of fields)"',
    ),
    (
        "proofs/nim_field.py",
        'scope=f"bounded: every x < 2^{bits}, nim_inv and nim_mul"',
        'scope=f"bounded: every x < 2^{bits}, the inverse formula"',
    ),
    # Declared links: a bounded check of a statement proved for every case (section 3).
    (
        "proofs/chomp_and_boards.py",
        '        id="chomp-square-mirror-played-out",\n',
        '        id="chomp-square-mirror-played-out",\n'
        '        implied_by="chomp-square-bite-and-mirror",\n',
    ),
    (
        "proofs/chomp_and_boards.py",
        '        id="chomp-strategy-stealing",\n',
        '        id="chomp-strategy-stealing",\n        implied_by="chomp-rectangles-are-n",\n',
    ),
    (
        "proofs/sprague_grundy.py",
        '        id="sg-g-plus-g",\n',
        '        id="sg-g-plus-g",\n        implied_by="sg-g-plus-g-every-game",\n',
    ),
    (
        "proofs/sprague_grundy.py",
        '        id="sg-zero-iff-p",\n',
        '        id="sg-zero-iff-p",\n        implied_by="sg-zero-iff-p-every-game",\n',
    ),
    (
        "proofs/sprague_grundy.py",
        '        id="sg-sum-rule",\n',
        '        id="sg-sum-rule",\n        implied_by="sg-sum-rule-every-game",\n',
    ),
    (
        "proofs/sprague_grundy.py",
        '        id="sg-equivalent-to-star",\n',
        '        id="sg-equivalent-to-star",\n'
        '        implied_by="sg-equivalent-to-star-every-game",\n',
    ),
    (
        "proofs/game_equivalence.py",
        '        id="sums-p-plus-p",\n',
        '        id="sums-p-plus-p",\n        implied_by="sums-p-plus-p-every-game",\n',
    ),
    (
        "proofs/game_equivalence.py",
        '        id="sums-p-plus-n",\n',
        '        id="sums-p-plus-n",\n        implied_by="sums-p-plus-n-every-game",\n',
    ),
    (
        "proofs/game_equivalence.py",
        '        id="sg-zero-iff-second-player",\n',
        '        id="sg-zero-iff-second-player",\n'
        '        implied_by="sg-zero-iff-second-player-every-game",\n',
    ),
    (
        "proofs/game_equivalence.py",
        '        id="sg-add-p-position",\n',
        '        id="sg-add-p-position",\n        implied_by="sg-add-p-position-every-game",\n',
    ),
    (
        "proofs/bouton.py",
        '        id="bouton-three-heaps",\n',
        '        id="bouton-three-heaps",\n        implied_by="bouton-any-number-of-heaps",\n',
    ),
    (
        "proofs/bouton.py",
        '        id="bouton-k-heaps",\n',
        '        id="bouton-k-heaps",\n        implied_by="bouton-any-number-of-heaps",\n',
    ),
    (
        "proofs/bouton.py",
        '        id="bouton-random-heaps",\n',
        '        id="bouton-random-heaps",\n        implied_by="bouton-any-number-of-heaps",\n',
    ),
    (
        "proofs/classics.py",
        '        id="misere-nim-rule",\n',
        '        id="misere-nim-rule",\n        implied_by="misere-nim-any-number-of-heaps",\n',
    ),
    (
        "proofs/nim_sum_algebra.py",
        '        id="nim-sum-distinct-powers",\n',
        '        id="nim-sum-distinct-powers",\n'
        '        implied_by="nim-sum-distinct-powers-any-count",\n',
    ),
    (
        "proofs/lucky_nim.py",
        '        id="lucky-nim-block-parity",\n',
        '        id="lucky-nim-block-parity",\n        implied_by="lucky-nim-block-parity-step",\n',
    ),
    (
        "proofs/lucky_nim.py",
        '        id="lucky-nim-winning-numbers",\n',
        '        id="lucky-nim-winning-numbers",\n'
        '        implied_by="lucky-nim-winning-numbers-symbolic",\n',
    ),
    (
        "proofs/lucky_nim.py",
        '        id="lucky-nim-boundary-m-plus-n",\n',
        '        id="lucky-nim-boundary-m-plus-n",\n        implied_by="lucky-nim-boundary",\n',
    ),
    # Claim ids in statements: the theorem named by what it says.
    (
        "proofs/chomp_and_boards.py",
        '"(exhaustive; every n: chomp-square-bite-and-mirror)"',
        '"(every board played out; for every n, see the square boards theorem)"',
    ),
    (
        "proofs/chomp_and_boards.py",
        '"chomp-rectangles-are-n, which does not find the bites)"',
        '"strategy stealing, which does not find the bites)"',
    ),
    # Typos.
    (
        "proofs/chomp_and_boards.py",
        'which = "with a central placement" if symmetric_only else "all"',
        'which = "every board with a central placement," if symmetric_only else "every board,"',
    ),
    (
        "proofs/chomp_and_boards.py",
        'scope=f"bounded: {which} boards rows x columns <= {largest} x {largest}, "',
        'scope=f"bounded: {which} rows x columns <= {largest} x {largest}, "',
    ),
    (
        "proofs/chomp_and_boards.py",
        '"on a rows x columns table where a square can fits exactly in the middle "',
        '"on a rows x columns table where a square beer can fits exactly in the middle "',
    ),
    (
        "proofs/nim_positions.toml",
        'heap is at most 1 (then P iff the nim-sum is 1)"\n'
        'source = "beyond the notes: misere Nim (Bouton 1902)',
        'heap is at most 1 (then P iff the nim-sum is 1)"\n'
        'source = "beyond the notes: misere Nim (Bouton 1901)',
    ),
    (
        "proofs/nim_positions.toml",
        'title = "Mutant: misere Nim is won like normal Nim"\n'
        'source = "beyond the notes: misere Nim (Bouton 1902)',
        'title = "Mutant: misere Nim is won like normal Nim"\n'
        'source = "beyond the notes: misere Nim (Bouton 1901)',
    ),
]


def apply(root: Path = ROOT) -> list[str]:
    """Apply every edit; returns the problems (an old string not found exactly once)."""
    problems = []
    texts: dict[Path, str] = {}
    for name, old, new in EDITS:
        path = root / name
        text = texts.get(path) or path.read_text(encoding="utf-8")
        count = text.count(old)
        if count != 1:
            problems.append(f"{name}: found {count} times, not once: {old[:90]!r}")
            continue
        texts[path] = text.replace(old, new)
    if problems:
        return problems
    for path, text in texts.items():
        path.write_text(text, encoding="utf-8")
    # The new strings have other lengths: the house's formatter re-wraps them.
    python = [p for p in texts if p.suffix == ".py"]
    if python:
        subprocess.run([sys.executable, "-m", "ruff", "format", *map(str, python)], check=False)
    return []


def main() -> int:
    problems = apply()
    for problem in problems:
        sys.stderr.write(f"proof_text_edits: {problem}\n")
    if problems:
        sys.stderr.write("proof_text_edits: nothing written\n")
        return 1
    sys.stdout.write(f"proof_text_edits: {len(EDITS)} edits applied\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
