// swisschess: small progressive enhancements; every page also works without JavaScript.
(function () {
  "use strict";

  function flash(text, kind) {
    var f = document.getElementById("flash");
    if (!f) return;
    f.hidden = false;
    f.className = "flash " + (kind || "ok");
    f.textContent = text;
  }

  // A message in the page's language: data-msg-KEY of the results table (i18n).
  function msgOf(key, fallback) {
    var t = document.getElementById("boards");
    return (t && t.getAttribute("data-msg-" + key)) || fallback;
  }

  // Confirmation before destructive forms (undo a round, withdraw a player).
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    var q = form.getAttribute("data-confirm");
    if (q && !window.confirm(q)) ev.preventDefault();
  }, true);

  // Result entry: send the board's form with fetch and update the row in place.
  function sendResult(form, value) {
    var row = form.closest("tr");
    var data = new FormData(form);
    data.set("result", value);
    row.classList.add("saving");
    fetch(form.action, {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "X-Requested-With": "fetch", "Accept": "application/json" }
    }).then(function (r) {
      return r.json().then(function (j) { return { ok: r.ok, j: j }; });
    }).then(function (res) {
      row.classList.remove("saving");
      // another arbiter was first (409): show the result that is stored
      if (res.j && res.j.current !== undefined) row.querySelector(".result").textContent = res.j.label || "";
      if (!res.ok || !res.j.ok) {
        flash((res.j && res.j.detail) || msgOf("failed", "The result was not saved."), "error");
        return;
      }
      row.querySelector(".result").textContent = res.j.label || "";
      row.classList.remove("pending", "fixing");
      row.classList.toggle("done", !!res.j.result);
      row.classList.toggle("pending", !res.j.result);
      row.classList.add("saved");
      form.querySelector(".correction").value = res.j.result ? "1" : "";
      var sel = form.querySelector("select.more");
      if (sel) sel.value = "";
      var msg = msgOf("saved", "Board {board}: {result} saved.")
        .replace("{board}", res.j.board)
        .replace("{result}", res.j.label || msgOf("cleared", "result cleared"));
      var count = document.getElementById("pending-count");
      if (count) count.textContent = res.j.pending;
      if (res.j.pending === 0) {
        msg += " " + msgOf("complete", "All results of the round are in.");
        var status = document.getElementById("round-status");
        if (status) status.setAttribute("data-pending", "0");
        window.setTimeout(function () { window.location.reload(); }, 400);
      }
      // a result changed after later rounds were paired on it (issue 24)
      if (res.j.warning) { flash(msg + " " + res.j.warning, "warning"); return; }
      flash(msg, "ok");
    }).catch(function () {
      row.classList.remove("saving");
      flash(msgOf("offline", "No answer from the server: the result may not be saved. " +
                 "Reload the page to check."), "error");
    });
  }

  document.addEventListener("click", function (ev) {
    // "Go back" links: the Content-Security-Policy runs no javascript: URL, so do it here
    var back = ev.target.closest("a[href='javascript:history.back()']");
    if (back) {
      ev.preventDefault();
      if (window.history.length > 1) window.history.back(); else window.location.href = "/";
      return;
    }
    var btn = ev.target.closest("form.js-result button[name=result]");
    if (btn) {
      ev.preventDefault();
      sendResult(btn.form, btn.value);
      return;
    }
    var fix = ev.target.closest("form.js-result button.fix");
    if (fix) {
      fix.closest("tr").classList.add("fixing");
    }
  });

  // Keyboard entry of a whole round (/round/N/keyboard): Enter moves to the next board
  // instead of submitting; in "Board", Enter jumps to that board's field.
  var quick = document.getElementById("keyboard");
  if (quick) {
    var fields = Array.prototype.slice.call(quick.querySelectorAll("input[data-board]"));
    if (!quick.querySelector("[autofocus]") && fields.length) fields[0].focus();
    quick.addEventListener("keydown", function (ev) {
      if (ev.key !== "Enter") return;
      var t = ev.target;
      if (t.id === "goto") {
        ev.preventDefault();
        var f = document.getElementById("r" + t.value.trim());
        if (f) { f.focus(); f.select(); t.value = ""; }
        else flash((t.getAttribute("data-msg-unknown") || "No board {board} to enter.")
                   .replace("{board}", t.value.trim()), "error");
        return;
      }
      var i = fields.indexOf(t);
      if (i < 0) return;
      ev.preventDefault();
      if (i + 1 < fields.length) fields[i + 1].focus();
      else document.getElementById("save-results").focus();
    });
  }

  document.addEventListener("change", function (ev) {
    var sel = ev.target.closest("form.js-result select.more");
    if (sel && sel.value) {
      if (sel.value === "clear" && !window.confirm(msgOf("clear", "Clear this result?"))) { sel.value = ""; return; }
      sendResult(sel.form, sel.value);
    }
  });
})();
