// The npm `open311` client (codeforamerica's node-open311 0.0.12) requires two XML readers when it
// loads: `sparkxml`, published only as a git dependency (git://github.com/codeforamerica/node-sparkxml,
// no internet here) needing the native libxmljs, and `xml2json` 0.2, needing the native node-expat.
// Neither installs offline, so the root package.json's `overrides` point both here. The client's
// default format, JSON, never calls them; a call to its XML format fails loudly instead of reading
// wrongly. The portal's XML is read back by tests/kit/open311.ts (fast-xml-parser).
function unavailable(name) {
  return () => {
    throw new Error(`${name} is not installed here: use the open311 client with format "json"`);
  };
}
module.exports = { parseXml: unavailable("sparkxml"), toJson: unavailable("xml2json") };
