"""Particular mathematics, encoded for the engines of :mod:`grundy.verify`.

The engines decide any statement they are handed; this package holds the statements of the
course's theorems in the forms those engines take, one file per piece of mathematics:

- :mod:`~grundy.theory.nim_sum`: the nim-sum as bit-vector XOR (its algebra, the mex lemma,
  distinct powers of two); :mod:`~grundy.theory.nim_sum_laws`: the same laws for every
  natural number, by induction on the bits;
- :mod:`~grundy.theory.bouton`: Bouton's three conditions for k heaps of w bits;
  :mod:`~grundy.theory.nim`: Nim for any number of heaps of any sizes (the value, Bouton's
  theorem, misère Nim) from lemmas proved by bit induction;
- :mod:`~grundy.theory.nim_exercises` and :mod:`~grundy.theory.exercise_mutants`: the
  handout's nim-sum exercises and their false variants, each aimed at one engine;
- :mod:`~grundy.theory.lucky_nim`: Lucky Nim's block parity over unbounded integers;
- :mod:`~grundy.theory.chomp`: Chomp's strategy stealing and the square board's mirror;
- :mod:`~grundy.theory.beer_cans`: the beer-can game's reflection strategy over the reals;
- :mod:`~grundy.theory.sprague_grundy_steps`: the induction steps of the Sprague-Grundy
  facts, for every finite impartial game.

Layer 6 of docs/architecture.md: it may import the engines, certificates, solvers, games,
nimbers and foundations; nothing in :mod:`grundy.verify` imports it.
"""
