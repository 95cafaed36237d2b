"""The fences of the Characters and Session pages: the character editor (one per game), the
library at the top of the Characters page (every character, New character, one import for
every kind of file, sharing, the backup) and the session tracker. The calculators' fences and
the shared pieces they build on are in render.py."""

from __future__ import annotations

from html import escape

import rulescore
from rulescore.web import respond_sheet
from widgets.render import SYSTEM_NAMES, FenceError, PageFences, _attrs, _field, _outputs, _steps


def character_editor_html(page: PageFences, system: str) -> str:
    """A system's character editor for the Characters page: the sheet's fields as a form the
    generic renderer computes live (rulescore.derive), with the figures for a new character
    already shown. characters.js lists, saves and shares the characters."""
    try:
        fields = rulescore.character_fields(system)
    except rulescore.RulesInputError as error:
        raise FenceError(error.message) from None
    answer = respond_sheet(system)
    form_id = f"character-{system}"
    sheet = {"id": form_id, "outputs": rulescore.character_outputs(system)}
    # A field that follows others (HP from ST) starts at what it follows for a new character.
    shown = [{**spec, "default": answer["inputs"][spec["name"]]} for spec in fields]
    name = (f'<div class="rc-field rc-field-text"><label for="{form_id}-name">Name</label>'
            f'<input type="text" id="{form_id}-name" name="name" data-character-name autocomplete="off" '
            f'maxlength="60" aria-describedby="{form_id}-name-error">'
            f'<span class="rc-error" id="{form_id}-name-error" data-error-for="name" hidden></span></div>')
    title_id = f"{form_id}-title"
    form = _attrs(id=form_id, class_="rc-calculator rc-character-editor", data_character_editor=system,
                  data_state="static", novalidate=True, aria_labelledby=title_id)
    return (
        f"<form {form}>"
        f'<p class="rc-title" id="{title_id}"><strong>{escape(SYSTEM_NAMES[system])} characters</strong> '
        f'<span class="rc-summary">Saved on this device only.</span></p>'
        f'<div class="rc-roster" data-character-roster data-search-exclude="true"></div>'
        f'<fieldset class="rc-inputs" data-search-exclude="true"><legend class="rc-visually-hidden">Character</legend>'
        f'{name}{"".join(_field(form_id, spec) for spec in shown)}</fieldset>'
        f'<section class="rc-results" data-search-exclude="true">'
        f'<p class="rc-visually-hidden" data-announce aria-live="polite" aria-atomic="true"></p>'
        f'<dl class="rc-outputs">{_outputs(sheet, answer)}</dl>'
        f'<details class="rc-working"><summary>Show the working</summary><ol data-steps>{_steps(page, answer)}</ol>'
        f"</details></section>"
        f'<p class="rc-actions" hidden data-search-exclude="true">'
        f'<button type="button" data-action="save-character">Save character</button> '
        f'<button type="button" data-action="new-character">New character</button> '
        f'<button type="button" data-action="reset">Reset</button></p>'
        f'<p class="rc-status" data-status role="status" data-search-exclude="true">'
        f"Characters are kept in this browser; editing needs JavaScript.</p>"
        f'<div class="rc-parties" data-parties hidden data-search-exclude="true"></div>'
        f"</form>"
    )



def system_options() -> str:
    """The three games as the options of a select (a new character's, a new session's)."""
    return "".join(f'<option value="{key}">{escape(name)}</option>' for key, name in SYSTEM_NAMES.items())


def character_library_html(page: PageFences, which: str) -> str:
    """Export, import (our files, and GCS and Codex Quest characters), sharing and the backup for the
    Characters page (library.js and foreign-import.js wire them)."""
    if which != "all":
        raise FenceError("a character-library fence holds the single word: all")
    systems = system_options()
    return (
        '<section class="rc-library" data-character-library hidden data-search-exclude="true">'
        # What a player came for first: their characters, a new one, and one import for every file.
        '<p class="rc-title"><strong>Your characters</strong></p>'
        '<div class="rc-home-roster" data-character-home><p>No characters yet.</p></div>'
        '<p class="rc-library-actions rc-new-character">'
        '<label for="new-character-system">Game</label> '
        f'<select id="new-character-system" data-new-character-system>{systems}</select> '
        '<button type="button" data-action="new-character-top">New character</button></p>'
        '<p class="rc-title"><strong>The GM\'s shelf</strong></p>'
        '<div class="rc-home-roster" data-shelf-home><p>Nothing on the shelf yet.</p></div>'
        # One file input for every kind of file (library.js tells which it is); the drop zone too.
        '<div class="rc-foreign-drop" data-foreign-drop>'
        '<label class="rc-import-file">Import a file '
        '<input type="file" accept=".gcs,.json,.txt,application/json,text/plain" data-import-file '
        'data-foreign-import-file aria-describedby="import-any-hint"></label>'
        '<span class="rc-foreign-hint" id="import-any-hint">GURPS Character Sheet (.gcs), Codex Quest (.json), '
        'a characters file or a backup from this site, or a file holding a share link; or drop it here</span></div>'
        '<p class="rc-import-kind" data-import-kind role="status"></p>'
        '<div class="rc-import" data-import-preview hidden role="region" aria-label="Import" tabindex="-1"></div>'
        '<div class="rc-import rc-foreign" data-foreign-preview hidden role="region" '
        'aria-label="Import from GCS or Codex Quest" tabindex="-1"></div>'
        '<div class="rc-share" data-share hidden role="region" aria-label="Share" tabindex="-1"></div>'
        '<details class="rc-everything" data-everything><summary>Everything on this device: export, back up, '
        'restore, delete</summary>'
        '<p class="rc-storage-note" data-storage-note></p>'
        '<p class="rc-library-actions">'
        '<button type="button" data-action="export-characters">Export characters to a file</button> '
        '<button type="button" data-action="backup-everything">Back up everything</button> '
        '<label class="rc-import-file">Restore from a backup '
        '<input type="file" accept="application/json,.json" data-restore-file></label> '
        '<button type="button" data-action="clear-everything">Delete everything</button></p>'
        '<p class="rc-backup-note" data-backup-note role="status"></p>'
        '</details>'
        '<div class="rc-import" data-restore-preview hidden role="region" aria-label="Restore" tabindex="-1"></div>'
        "</section>"
    )


def session_html(page: PageFences, which: str) -> str:
    """The Session page's tracker (sessions.js builds it from rulescore.session: the actions,
    the views, the log); without JavaScript it says what it needs."""
    if which != "all":
        raise FenceError("a session fence holds the single word: all")
    systems = system_options()
    return (
        '<p class="rc-session-nojs" data-session-nojs>The session tracker needs JavaScript.</p>'
        '<section class="rc-session" data-session data-needs-engine hidden data-search-exclude="true">'
        '<p class="rc-session-status" data-session-status role="status">Starting the rules engine…</p>'
        # The open session comes first; the list and the new-session form fold away under it.
        '<div class="rc-session-active" data-session-active hidden></div>'
        '<details class="rc-session-other" data-session-other open>'
        '<summary>Saved sessions and a new one</summary>'
        '<div class="rc-session-list" data-session-list></div>'
        '<form class="rc-session-new" data-session-new novalidate>'
        '<p class="rc-title"><strong>New session</strong></p>'
        '<div class="rc-field"><label for="session-name">Name</label>'
        '<input type="text" id="session-name" name="session_name" maxlength="60" autocomplete="off" '
        'placeholder="The sunken temple"></div>'
        f'<div class="rc-field"><label for="session-system">Game</label>'
        f'<select id="session-system" name="session_system">{systems}</select></div>'
        '<div class="rc-field"><label for="session-party">Party</label>'
        '<select id="session-party" name="session_party" data-session-party></select></div>'
        '<p class="rc-actions"><button type="button" data-action="start-session">Start</button></p>'
        '<p class="rc-error" data-session-new-error hidden></p></form>'
        "</details></section>"
    )
