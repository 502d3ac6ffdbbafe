"""Another game's values inside a claim: read from its periodicity certificate, against
the exact solver's search (issue 37: ``g('0.137', [n])`` for n <= 20,000 was ``unknown``
after 103 s, while ``grundy sequence 0.137 --upto 1000000`` takes a second).

The claim ``g('0.137', [n]) == g('0.07', [n + 1])`` is checked case by case (method
``exhaustive``) for n = 0..N, once with the certificates (every method's path since issue
37) and once with them withheld, so that each value is searched by the exact solver (the
path before).  CPU time (user + system of this process) is printed, steadier than wall
time on a shared machine, with the load average.  Usage::

    .venv/bin/python bench/bench_named_values.py            # N = 20,000 and the solver to 2,000
    .venv/bin/python bench/bench_named_values.py --quick    # N = 2,000 and the solver to 300
"""

from __future__ import annotations

import argparse
import os
from unittest import mock

from grundy.claims import check_claim, claims_from_text, sequence_facts
from grundy.library import CheckSettings

CLAIM = """
[[claim]]
id = "dawson-games-agree"
game = "dawsons-chess"
vars = ["n"]
range = {{ n = [0, {upto}] }}
method = "exhaustive"
statement = "g('0.137', [n]) == g('0.07', [n + 1])"
"""


def _cpu() -> float:
    times = os.times()
    return times.user + times.system


def measure(upto: int, certificates: bool) -> tuple[str, float]:
    (claim,) = claims_from_text(CLAIM.format(upto=upto))
    settings = CheckSettings(seed=0, claim_seconds=None, claim_memory=None)
    sequence_facts._SEEN.clear()
    start = _cpu()
    if certificates:
        verdict = check_claim(claim, settings)  # type: ignore[arg-type]
    else:
        with mock.patch.object(sequence_facts, "certified_table", lambda game, quick=False: "off"):
            verdict = check_claim(claim, settings)  # type: ignore[arg-type]
    return f"{verdict.status.value}, {verdict.cases:,} cases", _cpu() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    quick = parser.parse_args().quick
    rows = [(2_000 if quick else 20_000, True), (300 if quick else 2_000, False)]
    print(f"load average {os.getloadavg()[0]:.1f}")
    for upto, certificates in rows:
        how = "certificates" if certificates else "exact solver"
        verdict, seconds = measure(upto, certificates)
        per_case = seconds / (upto + 1) * 1e6
        print(
            f"n = 0..{upto:>6,}  {how:<13} {verdict:<24} {seconds:7.2f} s CPU  "
            f"({per_case:,.0f} us a case)"
        )


if __name__ == "__main__":
    main()
