"""The JSON Schemas (draft 2020-12) of every certificate grundy writes, and of the index of
exported SMT queries: the formats docs/certificates.md documents, block for block (a test
checks that the page shows exactly these, and validates what the tool writes).

A schema says what a file must look like to be read; whether what it states is true is
the checker's work (:mod:`grundy.certify.table_check`, :mod:`~.periodicity_check`,
:mod:`~.quotient_check`, ``grundy recheck`` for the SMT files).
"""

from __future__ import annotations

from typing import Any

__all__ = ["SCHEMAS"]

_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_WHOLE = {"type": "integer", "minimum": 0}
_POSITION: dict[str, Any] = {
    "description": "a position as the game writes it in JSON (a heap game: a list of sizes)"
}

GRUNDY_TABLE: dict[str, Any] = {
    "$schema": _DRAFT,
    "title": "grundy-table certificate",
    "type": "object",
    "required": ["certificate", "version", "game", "params", "covers", "entries"],
    "properties": {
        "certificate": {"const": "grundy-table"},
        "version": {"const": 2},
        "game": {"type": "string", "description": "the catalogue name of the game"},
        "params": {"type": "object", "description": "the game's options, by name"},
        "covers": {"type": "array", "minItems": 1, "items": _POSITION},
        "entries": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["position", "grundy", "witnesses"],
                "properties": {
                    "position": _POSITION,
                    "grundy": _WHOLE,
                    "witnesses": {"type": "array", "items": _POSITION},
                },
                "additionalProperties": False,
            },
        },
    },
    "additionalProperties": False,
}

PERIODICITY: dict[str, Any] = {
    "$schema": _DRAFT,
    "title": "periodicity certificate",
    "type": "object",
    "required": ["game", "rules", "theorem", "preperiod", "period", "reach", "start", "values"],
    "properties": {
        "game": {"enum": ["octal", "subtraction"]},
        "rules": {"type": "string", "description": "the octal code, or the set as 1,2,3"},
        "theorem": {"enum": ["guy-smith", "subtraction-window"]},
        "preperiod": _WHOLE,
        "period": {"type": "integer", "minimum": 1},
        "reach": {"type": "integer", "minimum": 1},
        "start": _WHOLE,
        "values": {"type": "array", "items": _WHOLE, "minItems": 1},
    },
    "additionalProperties": False,
}

PERIOD_REPORT: dict[str, Any] = {
    "$schema": _DRAFT,
    "title": "grundy sequence --period --json, holding a periodicity certificate",
    "type": "object",
    "required": ["game", "values", "certified"],
    "properties": {
        "certified": {"type": "boolean"},
        "period": {"type": ["integer", "null"]},
        "preperiod": {"type": ["integer", "null"]},
        "certificate": {
            "type": ["object", "null"],
            "description": "the periodicity certificate (its own schema), or null",
        },
    },
}

MISERE_QUOTIENT: dict[str, Any] = {
    "$schema": _DRAFT,
    "title": "misere-quotient certificate",
    "type": "object",
    "required": [
        "certificate",
        "statement",
        "game",
        "rules",
        "label",
        "upto",
        "size",
        "generator_heaps",
        "normal_forms",
        "elements",
        "relations",
        "p_portion",
        "heap_map",
        "table",
        "every_heap",
        "periodicity",
    ],
    "properties": {
        "certificate": {"const": "misere-quotient"},
        "statement": {"type": "string"},
        "game": {"type": "string"},
        "rules": {"type": "string"},
        "label": {"type": "string"},
        "upto": _WHOLE,
        "size": {"type": "integer", "minimum": 1},
        "generator_heaps": {"type": "array", "items": _WHOLE},
        "normal_forms": {"type": "array", "items": {"type": "array", "items": _WHOLE}},
        "elements": {"type": "array", "items": {"type": "string"}},
        "relations": {
            "type": "array",
            "items": {
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "items": {"type": "array", "items": _WHOLE},
            },
        },
        "p_portion": {"type": "array", "items": _WHOLE},
        "heap_map": {"type": "array", "items": _WHOLE},
        "table": {"type": "array", "items": {"type": "array", "items": _WHOLE}},
        "every_heap": {"type": "boolean"},
        "periodicity": {
            "oneOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "required": ["preperiod", "period"],
                    "properties": {
                        "preperiod": _WHOLE,
                        "period": {"type": "integer", "minimum": 1},
                    },
                    "additionalProperties": False,
                },
            ]
        },
    },
    "additionalProperties": False,
}

SMT_INDEX: dict[str, Any] = {
    "$schema": _DRAFT,
    "title": "index.json of a folder of SMT queries",
    "type": "object",
    "required": ["format", "version", "queries"],
    "properties": {
        "format": {"const": "grundy-smt-queries"},
        "version": {"const": 1},
        "queries": {
            "type": "array",
            "items": {
                "type": "object",
                "required": [
                    "file",
                    "claim",
                    "step",
                    "lemmas",
                    "expected",
                    "answers",
                    "verdict",
                    "sha256",
                ],
                "properties": {
                    "file": {
                        "type": "string",
                        "pattern": "^[A-Za-z0-9._-]+/[0-9]{2,}-[A-Za-z0-9._-]+\\.smt2$",
                    },
                    "claim": {"type": "string"},
                    "step": {"type": "string"},
                    "lemmas": {"type": "array", "items": {"type": "string"}},
                    "expected": {"enum": ["sat", "unsat"]},
                    "answers": {
                        "type": "object",
                        "required": ["z3"],
                        "additionalProperties": {"enum": ["sat", "unsat", "unknown"]},
                    },
                    "verdict": {
                        "enum": ["proved", "checked", "tested", "refuted", "unknown", "error"]
                    },
                    "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
                },
                "additionalProperties": False,
            },
        },
    },
    "additionalProperties": False,
}

SCHEMAS: dict[str, dict[str, Any]] = {
    "grundy-table": GRUNDY_TABLE,
    "periodicity": PERIODICITY,
    "period-report": PERIOD_REPORT,
    "misere-quotient": MISERE_QUOTIENT,
    "smt-index": SMT_INDEX,
}
"""Each schema by the name docs/certificates.md gives it."""
