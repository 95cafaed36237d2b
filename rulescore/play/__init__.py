"""The play layer: sessions, their fights and the table's seats, apart from the calculators.

The layers of rulescore, whose imports run one way (tests/test_layers.py checks it)::

    games   rulescore.bfrpg, rulescore.gurps, rulescore.shell: their calculators, and each
       |    game's session and fight rules (session.py, fight.py and what they use)
       v
    play    rulescore.play: what every game's sessions share (this package)
       |
       v
    core    rulescore.core, notation, outputs, dice, rolls, charts, characters, lists, wording...

Each game gives the play layer its session and fight rules through one table,
:mod:`rulescore.play.registry`: a game's package registers a loader when it is imported, and
the play layer asks ``rules_of(system)`` for them; it never imports a game. The games import
the play layer's shared helpers (:mod:`rulescore.play.common`, :mod:`rulescore.play.fight`, the
dice, the form specs). The modules:

- ``common``: the state's type, reading an action's keys, an action's form entry, the log;
- ``registry``: the games' rules (``GameRules``), registered by the games;
- ``session``: new, apply, undo, redo, preview, actions: the dispatch and the event log;
  ``history``: how the log stays cheap and bounded; ``party``: the party checked, a character
  joining and leaving; ``views``: what a screen shows, the log's minus signs;
  ``actions_now``: which actions the state allows now; ``write_back``: the wounds a session
  leaves on the sheets; ``dice_asks``: each roll asked with whose it is and what for;
- ``fight_hooks``: what a game's fight fills in, the keys its forms take; ``fight``: the
  fight's actions (order, turns, maneuvers, damage, comings and goings) and its forms;
  ``fight_view``: what ``view(state)["fight"]`` holds; ``foe_edit``: a foe's figures changed;
  ``attacks``: what the Basic Fantasy and SHELL attacks share; ``weapon_choice``: the weapons
  offered, why someone cannot attack now; ``form_specs``: form fields shown for some values of
  another, a choice that fills in its row;
- ``seats``: the table, what each phone is sent and may ask; ``web_session``: the Session
  page's requests as the engine worker answers them.

The public paths stay ``rulescore.session``, ``rulescore.seats`` and ``rulescore.web_session``
(modules that re-export these).
"""
