// Every page's scripts, in the order they run. The build bundles this file and what it imports
// into one file served under this name (widgets/bundle.py says why); with the sources as they
// are (tsc, a reader) it is simply the list.
import "../calculators/calculators.js";
import "./page.js";
import "./offline.js";
import "../characters/characters.js";
import "../session/sessions.js";
import "../calculators/rolls.js";
import "../screen/screen.js";
import "../table/table-join.js";
