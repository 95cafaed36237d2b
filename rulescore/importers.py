"""Importing a character from another program: ``import_character(text)`` reads a file saved by
GURPS Character Sheet (``.gcs``) or exported from Codex Quest (``.json``) and answers
``{"system", "name", "fields", "skipped", "checks"}``:

- ``fields``: the character's figures, as ``rulescore.derive(system, fields)`` takes them;
- ``skipped``: sentences naming what the file holds that the site does not use (traits, other
  skills, spells, notes, wounds);
- ``checks``: the cross-check, each ``{"figure", "theirs", "ours", "agrees", "why"}``: the other
  program's figure beside ours, and why where they differ.

A file the site cannot read raises RulesInputError (field "file") with one sentence a player
can act on. The readers are ``rulescore.gurps.gcs_import`` and ``rulescore.bfrpg.codex_quest``.

>>> from rulescore import RulesInputError
>>> try:
...     import_character('{"name": "Bob"}')
... except RulesInputError as error:
...     print(error.field, error.message[:59])
file This JSON is not a character from GURPS Character Sheet or
"""

from __future__ import annotations

import json
from typing import Any

from .bfrpg.codex_quest import looks_like_codex_quest, read_codex_quest
from .core import _shown
from .gurps.gcs_import import looks_like_gcs, read_gcs
from .import_common import refuse

MAX_BYTES = 5 * 1024 * 1024  # a character file is far smaller; anything past this is not one
CHOOSE = "choose the .gcs file GCS saved or the .json file Codex Quest exported"


def _text(raw: Any) -> str:
    if isinstance(raw, (bytes, bytearray)):
        if len(raw) > MAX_BYTES:
            raise _too_big(len(raw))
        try:
            return bytes(raw).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise refuse(f"This file is not text, so it is not a character file: {CHOOSE}.") from None
    if not isinstance(raw, str):
        raise refuse(f"file: received {_shown(raw)}; {CHOOSE}.")
    return raw


def _too_big(size: int) -> Exception:
    return refuse(f"This file is {size / 1024 / 1024:.1f} MB; a character file is far smaller and the site reads "
                  f"up to 5 MB: {CHOOSE}.")


def import_character(raw: Any) -> dict[str, Any]:
    """The character a GCS or Codex Quest file holds, with what is skipped and the cross-check;
    RulesInputError (field "file") for a file the site cannot import."""
    content = _text(raw)
    if len(content) > MAX_BYTES or (len(content) > MAX_BYTES // 4 and len(content.encode("utf-8")) > MAX_BYTES):
        raise _too_big(len(content.encode("utf-8")))
    content = content.lstrip("\ufeff \t\r\n")
    if content.startswith("<"):
        if "<character" in content[:4000] or "<template" in content[:4000]:
            raise refuse("This is an XML file from an older GURPS Character Sheet (versions before 4.20 saved XML), "
                         "which the site does not read: open it in a current GCS, save it again and import the new "
                         ".gcs file.")
        raise refuse(f"This is an XML or web page file, not a character: {CHOOSE}.")
    if not content:
        raise refuse(f"This file is empty: {CHOOSE}.")
    try:
        data = json.loads(content)
    except ValueError as error:
        where = f" (line {error.lineno}: {error.msg})" if isinstance(error, json.JSONDecodeError) else ""
        raise refuse(f"This file is not JSON{where}, so it is not a GURPS Character Sheet or Codex Quest "
                     f"character: {CHOOSE}.") from None
    if isinstance(data, dict) and looks_like_gcs(data):
        return read_gcs(data)
    if isinstance(data, dict) and looks_like_codex_quest(data):
        return read_codex_quest(data)
    raise refuse(f"This JSON is not a character from GURPS Character Sheet or Codex Quest: {CHOOSE}.")
