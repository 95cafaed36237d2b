// @ts-check
// Inlined by widgets/mkdocs_hook.py first in the <head> of every page (BUILT_ROOT is the
// site_url the site was built for, PAGE_ROOT the page's relative link to the site root).
//
// mkdocs-material's instant navigation, which keeps the calculator engine running from page
// to page, only takes over links listed in sitemap.xml, and the sitemap lists absolute URLs
// made from site_url. The theme swaps in the page's scheme and host name but keeps the
// sitemap's port and path, so a site opened anywhere but at site_url (another port, a
// sub-path on GitHub Pages, a laptop's address) lost instant navigation: every page change
// reloaded the page and started the engine again. The theme reads the sitemap with
// DOMParser; here its text has the built address replaced by the address the site is
// actually served from, before the theme's script runs. Nothing else is touched: only an
// XML document holding a <urlset> that names the built address.
//
// The theme takes links over only once it has read the sitemap: a link clicked before is a
// full page load. On a calculator page that comes after the engine's answers (engine-start.js),
// so <html data-sitemap="read"> says when (the tests and the benchmark wait for it).
(() => {
  const built = BUILT_ROOT;
  const here = new URL(PAGE_ROOT, window.location.href).href;
  if (typeof DOMParser === "undefined") return;
  const parse = DOMParser.prototype.parseFromString;
  /** @type {typeof parse} */
  DOMParser.prototype.parseFromString = function (text, type) {
    if (type === "text/xml" && typeof text === "string" && text.includes("<urlset")) {
      if (built !== here) text = text.split(`<loc>${built}`).join(`<loc>${here.replace(/&/g, "&amp;")}`);
      document.documentElement.dataset.sitemap = "read";
    }
    return parse.call(this, text, type);
  };
})();
