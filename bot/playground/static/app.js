// Tavern playground page: polls the server's filtered view of one user in
// one channel and renders it like Discord. No framework, no build step.
// A poll sends the version the page has and gets back only the messages
// created or edited since; those are appended or replaced in place, so a
// click costs the same in a channel of ten messages or a thousand.
"use strict";
(function () {
  const $ = (sel) => document.querySelector(sel);
  const params = new URLSearchParams(location.search);
  const st = {
    user: params.get("user") || localStorage.getItem("pg.user") || "",
    channel: params.get("channel") || "",
    version: "", gen: 0, view: null, chromeKey: "", msgs: new Map(), seenDM: {}, sug: [], sugSel: -1, sugSeq: 0, failed: {},
    polling: null, again: false, pinned: true, scrollDown: false,
  };
  const EYE = '<svg class="eye" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true"><path fill="currentColor" d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-2.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z"/></svg>';
  const COLORS = ["#5865f2", "#eb459e", "#3ba55d", "#faa61a", "#ed4245", "#00a8fc", "#9b59b6"];

  function esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  }
  function t(key) { return (st.view && st.view.text && st.view.text[key]) || key; }
  function colorFor(id) {
    let h = 0;
    for (const c of String(id)) h = (h * 31 + c.charCodeAt(0)) >>> 0;
    return COLORS[h % COLORS.length];
  }
  function avatar(id, name, small) {
    return `<div class="avatar${small ? " small" : ""}" style="background:${colorFor(id)}">${esc((name || "?")[0])}</div>`;
  }
  function userName(id) {
    const u = (st.view.users || []).find((x) => x.id === id);
    return u ? u.name : st.view.bot.id === id ? st.view.bot.name : id;
  }
  function channelName(id) {
    const c = (st.view.channels || []).find((x) => x.id === id);
    return c ? c.name : id;
  }

  // Discord-flavoured markdown on escaped text.
  function inline(s) {
    const codes = [];
    s = s.replace(/`([^`]+)`/g, (_, c) => { codes.push(c); return `\u0000${codes.length - 1}\u0000`; });
    s = s.replace(/\*\*(.+?)\*\*/g, "<b>$1</b>")
      .replace(/__(.+?)__/g, "<u>$1</u>")
      .replace(/\*(.+?)\*/g, "<i>$1</i>")
      .replace(/(^|\W)_(.+?)_(?=\W|$)/g, "$1<i>$2</i>")
      .replace(/~~(.+?)~~/g, "<s>$1</s>")
      .replace(/\|\|(.+?)\|\|/g, '<span class="spoiler">$1</span>')
      .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention-pill">@${esc(userName(id))}</span>`)
      .replace(/&lt;#(\d+)&gt;/g, (_, id) => `<span class="mention-pill">#${esc(channelName(id))}</span>`)
      .replace(/&lt;t:(\d+)(?::\w)?&gt;/g, (_, n) => esc(new Date(Number(n) * 1000).toLocaleString()))
      .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, '<a href="$2" target="_blank" rel="noopener noreferrer">$1</a>')
      // A link to a message (a short DM's link to the board) jumps to its
      // channel here, as Discord does; a DM's is the reader's DM.
      .replace(/(^|\s)https:\/\/discord\.com\/channels\/[^\/\s]+\/(\d+)\/(\d+)(?=\s|$)/g, (_, pre, ch) =>
        `${pre}<span class="mention-pill jump" data-channel="${esc(ch)}">#${esc(st.view.dm && st.view.dm.id === ch ? st.view.bot.name : channelName(ch))} ›</span>`);
    return s.replace(/\u0000(\d+)\u0000/g, (_, i) => `<code>${codes[i]}</code>`);
  }
  function markdown(text) {
    const parts = esc(text).split("```");
    let out = "";
    parts.forEach((part, i) => {
      if (i % 2 === 1) { out += `<pre><code>${part.replace(/^\w*\n/, "")}</code></pre>`; return; }
      out += part.split("\n").map((line) => {
        let m;
        if ((m = line.match(/^(#{1,3}) (.*)$/))) return `<h${m[1].length}>${inline(m[2])}</h${m[1].length}>`;
        if ((m = line.match(/^-# (.*)$/))) return `<div class="sub">${inline(m[1])}</div>`;
        if ((m = line.match(/^&gt; ?(.*)$/))) return `<blockquote>${inline(m[1])}</blockquote>`;
        if ((m = line.match(/^(\s*)[-*] (.*)$/))) return `${m[1]}• ${inline(m[2])}`;
        return inline(line);
      }).join("\n").replace(/(<\/(h\d|div|blockquote)>)\n/g, "$1");
    });
    return out;
  }

  async function api(path, body) {
    const opts = body ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {};
    const res = await fetch(path, opts);
    let data = {};
    try { data = await res.json(); } catch (e) { data = {}; }
    if (!res.ok) throw new Error(data.error || res.statusText);
    return data;
  }

  // poll brings the page up to date. Polls never overlap (an older delta
  // applied after a newer one would undo an edit): a poll asked for while
  // one runs makes that one go round again. reset starts over with the full
  // list, as after switching user or channel.
  function poll(reset) {
    if (reset) { st.gen++; st.version = ""; }
    if (st.polling) { st.again = true; return st.polling; }
    st.polling = (async () => {
      try {
        do {
          st.again = false;
          const gen = st.gen;
          let v;
          try {
            v = await api("/api/state?" + new URLSearchParams({ user: st.user, channel: st.channel, since: st.version }));
          } catch (e) {
            if (gen === st.gen && await bootstrap()) { st.gen++; st.version = ""; st.again = true; }
            continue;
          }
          if (gen !== st.gen) { st.again = true; continue; } // switched meanwhile: this answer is for the old view
          apply(v);
        } while (st.again);
      } finally { st.polling = null; }
    })();
    return st.polling;
  }

  // bootstrap picks a valid user and channel when none (or a stale one) is
  // set; true when it changed either.
  async function bootstrap() {
    const res = await fetch("/api/bootstrap").catch(() => null);
    if (!res || !res.ok) return false;
    const b = await res.json();
    let changed = false;
    if (!b.users.some((u) => u.id === st.user)) { st.user = b.users[0].id; changed = true; }
    if (!b.channels.some((c) => c.id === st.channel) && !(st.view && st.view.dm && st.view.dm.id === st.channel && st.view.me === st.user)) {
      st.channel = b.channels[0].id; changed = true;
    }
    return changed;
  }

  // apply merges one answer of /api/state into the page.
  function apply(v) {
    st.version = v.version;
    if (v.unchanged) return;
    const { messages, removed, full, version, ...chrome } = v;
    const key = JSON.stringify(chrome);
    if (key !== st.chromeKey || full) {
      st.chromeKey = key;
      st.view = chrome;
      renderChrome(chrome);
    }
    renderMessages(messages, removed || [], full);
  }

  function renderChrome(v) {
    document.documentElement.lang = v.lang;
    document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
    $("#dms-closed-box").title = t("pg.dms_closed_hint");
    localStorage.setItem("pg.user", st.user);
    history.replaceState(null, "", "?" + new URLSearchParams({ user: st.user, channel: st.channel }));
    if (v.channel.dm) st.seenDM[st.user] = (v.users.find((u) => u.id === st.user) || {}).dmCount || 0;

    $("#channels").innerHTML = v.channels.map((c) =>
      `<a class="channel${c.thread ? " thread" : ""}${c.archived ? " archived" : ""}${c.id === st.channel ? " active" : ""}" data-channel="${esc(c.id)}"><span class="hash">${c.thread ? "↳" : "#"}</span>${esc(c.name)}</a>`).join("");
    const me = v.users.find((u) => u.id === st.user);
    $("#dms").innerHTML = `<a class="channel${v.dm.id === st.channel ? " active" : ""}" data-channel="${esc(v.dm.id)}">${avatar(v.bot.id, v.bot.name, true)}${esc(v.bot.name)}</a>`;
    $("#users").innerHTML = v.users.map((u) => {
      const unseen = u.dmCount > (st.seenDM[u.id] || 0) && !(u.id === st.user && v.channel.dm);
      return `<button type="button" class="user${u.id === st.user ? " active" : ""}" data-user="${esc(u.id)}" title="${esc(u.locale || "")}${u.dmsClosed ? " · " + esc(t("pg.dms_closed")) : ""}">` +
        `${avatar(u.id, u.name, true)}<span>${esc(u.name)}</span><span class="flag">${esc((u.locale || "").slice(0, 2))}</span>` +
        `${unseen ? `<span class="dot" title="${esc(t("pg.new_dm"))}"></span>` : ""}</button>`;
    }).join("");
    $("#dms-closed").checked = !!(me && me.dmsClosed);
    $("#chan-title").textContent = v.channel.dm ? "@ " + v.bot.name : "# " + v.channel.name;
    $("#input").placeholder = v.placeholder || "";
    $("#help").innerHTML = `<span>${esc(t("pg.commands"))}:</span>` + (v.help || []).map((h) =>
      `<span class="cmd" data-insert="/${esc(h.name)} " title="${esc(h.description || "")}">/${esc(h.name)}${h.subs ? " " + esc(h.subs.join("|")) : ""}</span>`).join("");
  }

  // renderMessages appends new messages, replaces edited ones in place and
  // drops removed ones; the rest of the list is left alone. A full answer
  // rebuilds the list.
  function renderMessages(messages, removed, full) {
    const box = $("#list");
    if (full) { st.msgs.clear(); box.textContent = ""; }
    for (const id of removed) {
      st.msgs.delete(id);
      const el = msgEl(id);
      if (el) el.remove();
    }
    const added = document.createDocumentFragment();
    for (const m of messages) {
      st.msgs.set(m.id, m);
      const old = msgEl(m.id);
      const el = build(m);
      if (old) old.replaceWith(el); else added.appendChild(el);
    }
    const empty = box.querySelector(":scope > .empty");
    if (empty && (added.childNodes.length || st.msgs.size)) empty.remove();
    box.appendChild(added);
    if (!st.msgs.size && !box.querySelector(":scope > .empty")) {
      box.innerHTML = `<div class="empty">${esc(st.view.empty || "")}</div>`;
    }
    if (st.scrollDown) { st.scrollDown = false; stickToBottom(); } else stick();
  }

  // While the page is pinned to the newest message (it starts so, and a
  // switch, a sent command or a click pins it again), every change of a
  // message's height scrolls back down: pictures loading, edits, and
  // messages scrolled into view replacing their estimated height (see
  // content-visibility in app.css) with their real one. Scrolling up by
  // hand unpins it; scrolling back to the bottom pins it again.
  const box0 = $("#messages");
  const stick = () => { if (st.pinned) box0.scrollTop = box0.scrollHeight; };
  // The list's height is the sum of its messages': one observer sees them all.
  const resized = new ResizeObserver(stick);
  resized.observe(box0);
  resized.observe($("#list"));
  let byHand = 0;
  for (const ev of ["wheel", "touchmove"]) box0.addEventListener(ev, () => { byHand = Date.now(); }, { passive: true });
  box0.addEventListener("pointerdown", (ev) => { if (ev.target === box0) byHand = Date.now(); }); // the scrollbar
  box0.addEventListener("scroll", () => {
    if (box0.scrollHeight - box0.scrollTop - box0.clientHeight < 80) st.pinned = true;
    else if (Date.now() - byHand < 1000) st.pinned = false;
  }, { passive: true });
  // A list rebuilt whole (a switch) first has its messages' estimated
  // heights; once laid out it may end as tall as the list it replaced, which
  // no resize reports: stick again after the next frame's layout.
  function stickToBottom() { st.pinned = true; stick(); requestAnimationFrame(() => requestAnimationFrame(stick)); }

  function msgEl(id) { return $("#list").querySelector(`:scope > .msg[data-id="${CSS.escape(id)}"]`); }
  function build(m) {
    const tpl = document.createElement("template");
    tpl.innerHTML = messageHTML(m);
    return tpl.content.firstElementChild;
  }
  // redraw renders one known message again (a failed click, a pending button).
  function redraw(id) {
    const m = st.msgs.get(id);
    const old = msgEl(id);
    if (!m || !old) return;
    old.replaceWith(build(m));
  }

  function messageHTML(m) {
    const mention = (m.mentions || []).includes(st.user) && (m.content || "").includes(`<@${st.user}>`);
    let h = `<div class="msg${m.ephemeral ? " ephemeral" : ""}${mention ? " mention" : ""}" data-id="${esc(m.id)}">`;
    h += avatar(m.authorId, m.authorName) + `<div class="body">`;
    if (m.command) h += `<div class="used"><b>${esc(m.invoker)}</b> ${esc(t("pg.used"))} <b>${esc(m.command)}</b></div>`;
    h += `<div class="head"><span class="name">${esc(m.authorName)}</span>${m.bot ? `<span class="tag">${esc(t("pg.bot"))}</span>` : ""}` +
      `<span class="time">${esc(new Date(m.time).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }))}</span></div>`;
    if (m.thinking) h += `<div class="thinking">${esc(m.thinking)}</div>`;
    else if (m.content) h += `<div class="content">${markdown(m.content)}${m.edited ? ` <span class="edited">${esc(t("pg.edited"))}</span>` : ""}</div>`;
    if (m.files) {
      h += `<div class="files">` + m.files.map((f) => f.gone
        ? `<div class="file-gone">${esc(t("pg.file_gone"))}</div>`
        : f.image
        ? `<img class="attachment" src="${esc(f.url)}" alt="${esc(f.name)}" title="${esc(f.name)}">`
        : `<a class="file" href="${esc(f.url)}" download>${esc(f.name)}</a>`).join("") + `</div>`;
    }
    for (const row of m.components || []) h += rowHTML(row);
    if (st.failed[m.id]) h += `<div class="failed">${esc(st.failed[m.id])}</div>`;
    if (m.ephemeral) h += `<div class="eph-foot">${EYE} ${esc(t("pg.only_you"))} · <a data-dismiss="${esc(m.id)}">${esc(t("pg.dismiss"))}</a></div>`;
    return h + `</div></div>`;
  }

  function rowHTML(row) {
    const items = row.type === 1 ? row.components || [] : [row];
    return `<div class="row">` + items.map((c) => {
      if (c.type === 2) {
        const label = (c.emoji && c.emoji.name ? c.emoji.name + " " : "") + (c.label || "");
        if (c.style === 5) return `<a class="btn s5" href="${esc(c.url || "#")}" target="_blank" rel="noopener noreferrer">${esc(label)} ↗</a>`;
        return `<button type="button" class="btn s${c.style || 2}" data-custom-id="${esc(c.custom_id)}"${c.disabled ? " disabled" : ""}>${esc(label)}</button>`;
      }
      if (c.type === 3 || c.type === 5) {
        const options = c.type === 5 ? st.view.users.map((u) => ({ label: u.name, value: u.id })) : c.options || [];
        const max = c.max_values || 1;
        const min = c.min_values === undefined || c.min_values === null ? 1 : c.min_values;
        let s = `<select class="select" data-select="${esc(c.custom_id)}" data-min="${min}" data-max="${max}"${max > 1 ? " multiple" : ""}${c.disabled ? " disabled" : ""}>`;
        if (max === 1) s += `<option value="" disabled selected>${esc(c.placeholder || t("pg.select"))}</option>`;
        s += options.map((o) => `<option value="${esc(o.value)}"${o.default && max > 1 ? " selected" : ""}>${esc((o.emoji && o.emoji.name ? o.emoji.name + " " : "") + o.label)}${o.description ? " — " + esc(o.description) : ""}</option>`).join("");
        s += `</select>`;
        if (max > 1) s += `<button type="button" class="btn s1" data-submit-select="${esc(c.custom_id)}">✓</button>`;
        return s;
      }
      return "";
    }).join("") + `</div>`;
  }

  async function click(msgEl, customId, values, el) {
    const id = msgEl.dataset.id;
    if (el) { el.classList.add("pending"); el.disabled = true; }
    delete st.failed[id];
    try {
      await api("/api/click", { user: st.user, channel: st.channel, message: id, customId, values });
      st.scrollDown = true;
    } catch (e) {
      st.failed[id] = e.message || t("pg.err.failed");
    }
    redraw(id); // frees the pressed button even when the message itself did not change
    await poll(false);
  }

  async function send(line) {
    if (!line.trim()) return;
    showError("");
    closeSuggest();
    const input = $("#input");
    input.disabled = true;
    const req = api("/api/command", { user: st.user, channel: st.channel, line });
    const early = setTimeout(() => poll(false), 250); // shows the "thinking" placeholder meanwhile
    try {
      await req;
      input.value = "";
      st.scrollDown = true;
    } catch (e) {
      showError(e.message);
    } finally {
      clearTimeout(early);
      input.disabled = false;
      input.focus();
    }
    await poll(false);
  }

  function showError(msg) {
    const e = $("#error");
    e.textContent = msg;
    e.hidden = !msg;
  }

  // Suggestions: command names, options and autocomplete from the handler.
  let sugTimer = 0;
  function scheduleSuggest() {
    clearTimeout(sugTimer);
    sugTimer = setTimeout(fetchSuggest, 120);
  }
  async function fetchSuggest() {
    const line = $("#input").value;
    if (!line.trimStart().startsWith("/")) { closeSuggest(); return; }
    const seq = ++st.sugSeq;
    try {
      const r = await api("/api/suggest?" + new URLSearchParams({ user: st.user, channel: st.channel, line }));
      if (seq !== st.sugSeq) return;
      st.sug = r.items || [];
      st.sugSel = st.sug.length ? 0 : -1;
      renderSuggest();
    } catch (e) { closeSuggest(); }
  }
  function renderSuggest() {
    const box = $("#suggest");
    box.hidden = !st.sug.length;
    box.innerHTML = st.sug.map((s, i) =>
      `<div class="sug${i === st.sugSel ? " sel" : ""}" data-i="${i}"><span>${esc(s.label)}</span><span class="d">${esc(s.detail || "")}</span></div>`).join("");
  }
  function closeSuggest() { st.sug = []; st.sugSel = -1; st.sugSeq++; renderSuggest(); }
  function pick(i) {
    const s = st.sug[i];
    if (!s) return;
    const input = $("#input");
    input.value = s.line;
    input.focus();
    closeSuggest();
    scheduleSuggest();
  }

  function switchTo(user, channel) {
    st.user = user || st.user;
    st.channel = channel || st.channel;
    st.failed = {};
    st.scrollDown = true;
    showError("");
    closeSuggest();
    $("#app").classList.remove("nav-open");
    poll(true);
  }

  document.addEventListener("click", (ev) => {
    const el = ev.target.closest("[data-channel],[data-user],[data-custom-id],[data-submit-select],[data-dismiss],[data-insert],.sug,img.attachment,.spoiler,#lightbox,#menu");
    if (!el) return;
    if (el.id === "lightbox") { el.hidden = true; return; }
    if (el.id === "menu") { $("#app").classList.toggle("nav-open"); return; }
    if (el.matches("img.attachment")) { $("#lightbox img").src = el.src; $("#lightbox").hidden = false; return; }
    if (el.matches(".spoiler")) { el.classList.toggle("shown"); return; }
    if (el.matches(".sug")) { pick(Number(el.dataset.i)); return; }
    if (el.dataset.channel) { switchTo(null, el.dataset.channel); return; }
    if (el.dataset.user) {
      const wasDM = st.view && st.view.channel.dm;
      const u = st.view.users.find((x) => x.id === el.dataset.user);
      // A DM belongs to one user: switching user leaves it for the first table.
      switchTo(el.dataset.user, wasDM && u ? st.view.channels[0].id : null);
      return;
    }
    if (el.dataset.insert) { const i = $("#input"); i.value = el.dataset.insert; i.focus(); scheduleSuggest(); return; }
    if (el.dataset.dismiss) { api("/api/dismiss", { user: st.user, channel: st.channel, message: el.dataset.dismiss }).finally(() => poll(false)); return; }
    const msg = el.closest(".msg");
    if (el.dataset.customId) { click(msg, el.dataset.customId, [], el); return; }
    if (el.dataset.submitSelect) {
      const sel = msg.querySelector(`select[data-select="${CSS.escape(el.dataset.submitSelect)}"]`);
      const values = Array.from(sel.selectedOptions).map((o) => o.value);
      click(msg, el.dataset.submitSelect, values, el);
    }
  });
  document.addEventListener("change", (ev) => {
    const sel = ev.target;
    if (sel.id === "dms-closed") {
      api("/api/dms", { user: st.user, closed: sel.checked }).finally(() => poll(false));
      return;
    }
    if (sel.matches("select[data-select]") && sel.dataset.max === "1" && sel.value) {
      click(sel.closest(".msg"), sel.dataset.select, [sel.value], sel);
    }
  });
  $("#composer").addEventListener("submit", (ev) => {
    ev.preventDefault();
    send($("#input").value);
  });
  $("#input").addEventListener("input", scheduleSuggest);
  $("#input").addEventListener("keydown", (ev) => {
    if (!st.sug.length) return;
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      ev.preventDefault();
      const n = st.sug.length;
      st.sugSel = (st.sugSel + (ev.key === "ArrowDown" ? 1 : n - 1)) % n;
      renderSuggest();
    } else if (ev.key === "Tab" || (ev.key === "Enter" && st.sugSel >= 0 && st.sug[st.sugSel].line !== $("#input").value)) {
      ev.preventDefault();
      pick(st.sugSel);
    } else if (ev.key === "Escape") {
      closeSuggest();
    }
  });
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") $("#lightbox").hidden = true; });

  poll(true);
  setInterval(() => { if (!document.hidden) poll(false); }, 1000);
})();
