// Loaded async from the <head> of pages with calculators (the build adds it there only), so
// the engine worker starts booting Pyodide while the rest of the page is still loading.
import { startEngine } from "./calculators.js";

startEngine();
