"""Stored outputs of the quotient construction, kept so that a faster construction (a
compiled or vectorised inner loop) can be shown to build exactly the same quotients.

The figures below were computed by the construction of commit 30591cc: the elements'
count, P-portion, heap map and a digest of the whole multiplication table.  They are
re-derived here and re-checked by the independent checker.
"""

from __future__ import annotations

import hashlib

import pytest

from grundy.certify.quotient_certificate import quotient_certificate
from grundy.certify.quotient_check import check_quotient_certificate
from grundy.games.octal import OctalGame
from grundy.solve.misere_quotient import misere_quotient

STORED = {
    ("0.07", 26): (
        144,
        (
            *(1, 5, 6, 10, 11, 14, 16, 27, 32, 33, 36, 42, 43, 44, 49, 51, 68, 74, 79, 96),
            *(116, 119, 139),
        ),
        (0, 0, 1, 1, 2, 0, 9, 1, 1, 0, 3, 9, 10, 2, 4, 0, 11, 10, 2, 3, 9, 5, 6, 12, 7, 8, 10),
        "87374b8e8a456009951ca55b86927da1167ba15ee58f09e471673c18f3f6ccff",
    ),
    ("0.77", 24): (
        24,
        (1, 4, 5, 7, 10, 17, 18, 19),
        (0, 1, 2, 6, 1, 3, 6, 2, 15, 4, 2, 11, 5, 15, 2, 16, 15, 21, 6, 2, 19, 20, 11, 16, 20),
        "698e06284e64fa22716d46dcf376fe1560b8d628dbbf304a6929fc10948b8d36",
    ),
    ("0.137", 20): (
        24,
        (1, 6, 7, 8, 15),
        (0, 1, 1, 2, 0, 5, 1, 1, 0, 3, 5, 6, 2, 4, 0, 7, 6, 2, 3, 5, 8),
        "4e2dd7a558b79abea13687a0850d16187ba47ce7110396e42de63abc54c8fc74",
    ),
    ("0.6", 10): (
        12,
        (1, 5, 6),
        (0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3),
        "9d284330e6387982a638a89f08a4f9066ee80a83ffc9be953cc93c002faf4034",
    ),
}


@pytest.mark.parametrize(("code", "upto"), sorted(STORED))
def test_the_quotient_is_the_one_the_earlier_code_built(code: str, upto: int) -> None:
    size, p_portion, heap_map, digest = STORED[code, upto]
    quotient = misere_quotient(OctalGame(code), upto)
    assert quotient.size == size
    assert quotient.p_portion == p_portion
    assert quotient.heap_map == heap_map
    assert hashlib.sha256(repr(quotient.table).encode()).hexdigest() == digest
    assert check_quotient_certificate(quotient_certificate(quotient), spot_tokens=10).valid


def test_a_corrupted_table_entry_is_caught_by_the_checker() -> None:
    quotient = misere_quotient(OctalGame("0.07"), 26)
    data = quotient_certificate(quotient)
    assert check_quotient_certificate(data, spot_tokens=8).valid
    table = [list(row) for row in data["table"]]
    a, b = 3, 7
    table[a][b] = table[b][a] = (table[a][b] + 1) % len(table)  # still commutative
    data["table"] = table
    report = check_quotient_certificate(data, spot_tokens=8)
    assert not report.valid and report.problems
