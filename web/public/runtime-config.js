// Runtime settings for local use. The launcher writes its own copy per run; deployments
// replace this file instead of rebuilding the bundle.
window.__PORTAL_CONFIG__ = {
  firebase: {
    apiKey: "demo-api-key",
    authDomain: "demo-city-portal.firebaseapp.com",
    projectId: "demo-city-portal",
  },
  authEmulatorUrl: "http://127.0.0.1:9099",
  chatAssistantUrl: null,
  // The external application form a board's vacancy card opens (spec 3 §2).
  boardApplicationUrl: "https://www.cityofelgin.org/FormCenter/City-Clerk-4/Board-and-Commission-Application-61",
  mobileAppScheme: "elgincityportal://",
  // The boxes sandbox at its default port; production: https://api.box.com/2.0 and
  // https://upload.box.com/api/2.0 (firebase.json's connect-src lets the browser reach them).
  fileBox: {
    apiUrl: "http://127.0.0.1:7105/2.0",
    uploadUrl: "http://127.0.0.1:7105/api/2.0",
  },
  externalLinks: {
    residents: "https://www.cityofelgin.org/residents",
    business: "https://www.cityofelgin.org/business",
    government: "https://www.cityofelgin.org/government",
    explore: "https://www.cityofelgin.org/explore",
    employment: "https://www.cityofelgin.org/employment",
    transparency: "https://www.cityofelgin.org/transparency",
    map: "https://www.cityofelgin.org/maps",
    visitors: "https://www.cityofelgin.org/visitors",
    about: "https://www.cityofelgin.org/about",
  },
};
