"""Engines that decide a claim over a scope and return a :class:`~grundy.verdict.Verdict`.

- :mod:`grundy.verify.exhaustive`: every case of a finite domain (a proof for that domain);
- :mod:`grundy.verify.random_search`: hypothesis, far beyond exhaustive sizes (unrefuted at best);
- :mod:`grundy.verify.z3engine`: Z3 proofs of symbolic encodings, with their scope;
- :mod:`grundy.verify.bit_induction`: nim-sum statements for every natural number, by
  induction on the bits; :mod:`grundy.verify.birthday_induction`: statements about every
  finite game, by induction on the birthday; :mod:`grundy.verify.z3_induction`: closed
  forms of take-away games by induction on the heap, and theorems from lemmas.

The engines are generic: the statements of particular theorems are in :mod:`grundy.theory`,
which this package never imports.
"""
