"""The sentences of the worked examples, tables and pictures beside the statements.

They belong to :data:`grundy.report.student_words.SENTENCES`, which merges them in; they
are kept here only so that neither file grows past a readable length.  Each is asked for
by its key with :func:`grundy.report.student_words.say`, like every other sentence a
student reads (:mod:`grundy.report.evidence` and its siblings, :mod:`grundy.report.pictures`,
:mod:`grundy.report.sumevidence`).
"""

from __future__ import annotations

__all__ = ["EVIDENCE_SENTENCES"]

EVIDENCE_SENTENCES: dict[str, str] = {
    "table.sum": "sum",
    "table.powers": "as powers of two",
    "table.value": "value",
    "table.position": "position",
    "table.from": "from",
    "table.count": "number of winning moves",
    "table.winning-moves": "winning moves",
    "table.play": "play",
    "table.p-upto": "P-positions up to {upto}",
    "table.start-is": "{chips} chips is",
    "table.moves-from": "winning moves from {chips}",
    "table.k": "k",
    "table.wythoff-pair": "P-position (a, b)",
    "table.floor-phi": "⌊kφ⌋",
    "table.floor-phi2": "⌊kφ²⌋",
    "table.board": "board",
    "table.bites": "winning bites (row, column)",
    "table.bite-count": "number",
    "table.picture": "picture",
    "table.edges": "edges (0 is the ground)",
    "table.snake": "equivalent snake",
    "nim-addition.title": "Nim-addition table for *0 to *15",
    "nim-addition.intro": (
        "Handout 17, exercise 1. The entry in row {a} and column {b} is their nim-sum: the "
        "Grundy value of the Nim position {ab} with two heaps. The table is {remarks}."
    ),
    "nim-addition.symmetric": "symmetric, as nim-addition is commutative",
    "nim-addition.not-symmetric": "not symmetric",
    "nim-addition.diagonal": "zero on the diagonal, as G + G = 0",
    "nim-addition.not-diagonal": "not zero on the diagonal",
    "nim-addition.closed": "closed: every entry is again one of *0, ..., *15",
    "nim-addition.not-closed": "not closed",
    "nim-addition.caption": "*a + *b, the Grundy value of the Nim position (a, b)",
    "nim-worked.title": "The handout's worked nim-sums",
    "nim-worked.intro": (
        "A sum of nimbers is the Nim position with those heaps, and its value is the Grundy "
        "value of that position. The middle column writes each heap as a sum of distinct "
        "powers of two, as the handout does: equal powers cancel in pairs, and what is left "
        "adds up to the value."
    ),
    "nim-moves.title": "Winning moves: the handout's example and exercise 4",
    "nim-moves.intro": (
        "Every winning move, that is every move to a position of value {zero}. The handout's "
        "recipe: nim-add the value of the position to each heap, and play in a heap that gets"
        " smaller. The binary columns below show why only a heap with a 1 in the leading "
        "column of the nim-sum will do."
    ),
    "nim-moves.leaving": "{move}, leaving {position}",
    "nim-moves.none": "none: it is a P-position",
    "nim-moves.example": "worked example",
    "nim-moves.exercise": "exercise 4",
    "take-away.title": "Take-away game: P-positions",
    "take-away.intro": (
        "The take-away game of the slides: a move removes 1, 2 or 3 chips. The coloured cells"
        " are the P-positions (the previous player wins) for each size of the pile, in normal"
        " play (the last mover wins) and in misère play (the last mover loses). The outlined "
        "column is the start with {chips} chips."
    ),
    "take-away.caption": "Take-away game (remove 1, 2 or 3): P-positions in normal and misère play",
    "take-away.normal": "normal",
    "take-away.misere": "misère",
    "take-away.start": (
        "The start with {chips} chips; in colour, the chips that the winning move of normal "
        "play takes: {move}"
    ),
    "two-pile.title": "One- and two-pile Nim: P-positions",
    "two-pile.intro": (
        "The outcomes of the Nim positions (a, b) with a, b < {size}: {diagonal}; {single}. "
        "The strategy behind it is mirroring: faced with two unequal piles, make them equal."
    ),
    "two-pile.diagonal": "every P-position lies on the diagonal a = b",
    "two-pile.off-diagonal": "there are P-positions off the diagonal, {pairs}",
    "two-pile.single-n": "every one-pile position (x) with x > 0 is an N-position",
    "two-pile.single-p": "the one-pile P-positions are {heaps}",
    "two-pile.caption": "Two-pile Nim: the P-positions (coloured) among (a, b), 0 ≤ a, b ≤ 15",
    "axis.first-pile": "first pile a",
    "axis.second-pile": "second pile b",
    "axis.first-heap": "first heap a",
    "axis.second-heap": "second heap b",
    "axis.in-game": "{letter} in {game}",
    "axis.heap": "heap n",
    "axis.value": "Grundy value G(n)",
    "wythoff.title": "Wythoff's game: P-positions and the golden ratio",
    "wythoff.intro": (
        "The P-positions (a, b) of Wythoff's game with a, b ≤ 40, drawn with the lines "
        "{steep} and {shallow}, where {phi}. Set beside {formula}, the {count} pairs with a ≤"
        " b {verdict}; the table shows the first {shown}."
    ),
    "wythoff.agree": "all agree with Wythoff's formula",
    "wythoff.differ": "do not all agree with Wythoff's formula",
    "wythoff.caption": "Wythoff's game: P-positions (coloured) with a, b ≤ 40",
    "sequence.title": "{game}: its Grundy values",
    "sequence.caption": "{game}: G(n) for n ≤ {upto}",
    "sequence.kayles": (
        "Kayles (the octal game 0.77): a move knocks down one pin or two neighbouring pins of"
        " a row, which may split the row in two."
    ),
    "sequence.dawsons-kayles": (
        "Dawson's Kayles (the octal game 0.07): a move knocks down exactly two neighbouring pins."
    ),
    "sequence.grundys-game": (
        "Grundy's game: a move splits one heap into two heaps of different sizes."
    ),
    "sequence.game": "{game}: the value G(n) of a single heap of n, for every n shown.",
    "sequence.no-period": "The values G(0) to G({upto}) show no period in that range.",
    "sequence.period": (
        "Among the values G(0) to G({upto}), from n₀ = {preperiod} on, the values repeat with"
        " period {period}."
    ),
    "sequence.proved": (
        " The repetition holds for every n from s = {start} up to {bound}; by {theorem}, that"
        " is enough for the period to go on for every n ≥ n₀."
    ),
    "sequence.octal-bound": (
        "2s + p + t − 1 = {last}, where t = {reach} is the most tokens a move removes"
    ),
    "sequence.octal-theorem": "the periodicity theorem for octal games (Guy and Smith)",
    "sequence.subtraction-bound": (
        "s + m − 1 = {last}, where m = {reach} is the largest number a move removes"
    ),
    "sequence.subtraction-theorem": "the periodicity theorem for subtraction games",
    "sequence.not-proved": " These values alone do not show that the period goes on for ever.",
    "sequence.one-period": "One period, starting at n₀: {values}.",
    "sequence.first": "The values G(0), G(1), ..., G(39): {values}.",
    "sequence.zeros": "The P-positions (value 0) among the heaps up to 59: {values}.",
    "chomp.title": "Chomp: winning bites",
    "chomp.intro": (
        "Each board is drawn as in the slides: the poisoned square (×) at the bottom left and"
        " each row on top of the one before; a bite at a square eats it and every square "
        "above it and to its right. A dot marks each winning bite, and the shaded part is "
        "what the first of them eats. A square (row, column) is counted from 1 at the "
        "poisoned square, rows from the bottom and columns from the left."
    ),
    "chomp.squares-caption": (
        "Square boards of Chomp and their winning bites; the poisoned square (×) is at the "
        "bottom left"
    ),
    "chomp.squares": (
        "On every square board the only winning bite is (2,2). It leaves an L with two equal "
        "arms, and from then on the second player answers each bite with the same bite on the"
        " other arm; the L (4,1,1,1) left on the 4×4 board is a {outcome}-position. Strategy "
        "stealing shows that every rectangle with more than one square is an N-position, "
        "without saying which bite wins; the winning bites of a few rectangles:"
    ),
    "chomp.rectangles-caption": (
        "Rectangular boards of Chomp and their winning bites; the poisoned square (×) is at "
        "the bottom left"
    ),
    "hackenbush.title": "Green Hackenbush: pictures and their snakes",
    "hackenbush.intro": (
        "Each picture stands on the ground line. A move deletes one edge, together with "
        "everything no longer joined to the ground. Beside each picture is the snake (a "
        "single path of edges) it is equivalent to: the length of the snake is the Grundy "
        "value of the picture."
    ),
    "hackenbush.caption": "Green Hackenbush pictures and their snakes",
    "hackenbush.snake": "a snake of three",
    "hackenbush.fork": "a fork",
    "hackenbush.tree": "a tree",
    "hackenbush.triangle": "a triangle",
    "hackenbush.house": "a house",
    "hackenbush.tent": "a tent with a flag",
    "hackenbush.one": (
        "The picture stands on the ground (vertex 0); beside it is the snake with the same "
        "value, *{value}."
    ),
    "hackenbush.picture": "the picture {edges}",
    "hackenbush.big-picture": "a picture of {count} edges",
    "hackenbush.and-snake": "The picture and its snake",
    "hackenbush.edges": "Edges: {edges}.",
    "lucky.title": "Lucky Nim: block colouring",
    "lucky.intro": (
        "Lucky Nim with m = {m}, n = {n}: for a single heap of k counters (k ≤ {upto}) the "
        "strip shows 1 where the player to move can force a win (an N-position) and 0 where "
        "not, worked out from the rules. Lines mark the blocks of m + n = {block} heaps, "
        "starting at 1. The notes colour each heap by the parity of its block, and a position"
        " is won by the next player exactly when the colours of its heaps add up to an odd "
        "number. The strip {verdict}."
    ),
    "lucky.agree": "agrees with the block value Ω(k) of the notes at every k shown",
    "lucky.disagree": "disagrees with the block value Ω(k) of the notes somewhere: see the strip",
    "lucky.caption": "Lucky Nim (m = {m}, n = {n}): single heaps won by the player to move",
    "lucky.name": "Lucky Nim with m = {m}, n = {n}",
    "sum.title": "The sum {game}: positions and P-positions",
    "sum.intro": (
        "A position of {game} is a pair ({x}, {y}): {x} in {first} and {y} in {second}. "
        "A move is a move in exactly one of the two games. By the Sprague-Grundy theorem "
        "the value of the pair is the nim-sum of the two values, so it is a P-position "
        "exactly when the two values are equal."
    ),
    "sum.position": (
        "The position ({a}, {b}) of {game}: {a} in {first} beside {b} in {second}. Its value "
        "is G({a}) ⊕ G({b}) = {va} ⊕ {vb} = {value}, so it is {verdict}."
    ),
    "sum.p": "a P-position: the second player wins",
    "sum.n": "an N-position",
    "sum.grid": (
        "{game}: P-positions (coloured) among ({x}, {y}), 0 ≤ {x}, {y} ≤ {last}; a P-position is "
        "exactly where the two values agree"
    ),
    "sum.values": "The values of {first}, {range}: {firsts}. The values of {second}: {seconds}.",
    "sum.part": "{size} in {game}",
    "picture.sum": "one position of the sum, drawn part by part: {parts}",
    "picture.strip-row": "{play}: P-positions at {positions}",
    "picture.grid": "a {size} by {size} grid with {count} P-positions coloured",
    "picture.hackenbush": "a picture with edges {edges}, of value *{value}",
    "picture.hackenbush-edges": "a picture with edges {edges}",
    "picture.sequence": "{game}: the values G(0), G(1), ... are {values}, ...",
    "picture.strip": "{game}: the values {values}",
    "two-pile.title-misere": "One- and two-pile Nim in misère play: P-positions",
    "two-pile.intro-misere": (
        "The outcomes of the Nim positions (a, b) with a, b < {size} in misère play, where "
        "the player who makes the last move loses: {diagonal}; {single}."
    ),
    "two-pile.diagonal-n": "the positions {pairs} on the diagonal are N-positions",
    "two-pile.caption-misere": (
        "Two-pile Nim in misère play: the P-positions (coloured) among (a, b), 0 ≤ a, b ≤ 15"
    ),
    "chomp.poisoned": "; the poisoned square (×) is at the bottom left",
    "picture.graph": (
        "a graph with the edges {edges}; the outcome of one token on each vertex: {outcomes}"
    ),
    "graph.title": "The graph and its outcomes",
    "graph.intro": (
        "A token moves along an arrow; a player who cannot move loses. Each vertex is "
        "coloured by the outcome of a single token on it: P, N, or D for a draw, where "
        "neither player can force a win, so with best play the game goes on for ever."
    ),
    "graph.caption": "The graph: P-, N- and D-positions (D: a draw) of one token",
    "graph.caption-tokens": "The graph, with the tokens of the counterexample ringed",
    "notation.draw": (
        "the set of draws: positions where neither player can force a win, so that with best "
        "play the game goes on for ever"
    ),
}
