// Every page: the language picker of the top bar (the choice is a cookie the server reads).
import { choose } from "./i18n.js";

const sel = document.getElementById("page-lang");
if (sel) {
  sel.addEventListener("change", () => {
    choose(sel.value);
    const u = new URL(location.href);
    if (u.searchParams.has("lang")) u.searchParams.set("lang", sel.value);
    location.href = u.toString();
  });
}
