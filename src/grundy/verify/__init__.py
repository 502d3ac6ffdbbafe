"""Engines that decide a claim over a scope and return a :class:`~grundy.verdict.Verdict`.

- :mod:`grundy.verify.exhaustive`: every case of a finite domain (a proof for that domain);
- :mod:`grundy.verify.random_search`: hypothesis, far beyond exhaustive sizes (unrefuted at best);
- :mod:`grundy.verify.z3engine`: Z3 proofs of symbolic encodings, with their scope.
"""
