// 合同审查: drag-and-drop upload on the list page; on a contract's page, the live workspace.
//
// The page is server-rendered and works without this script (forms post to the portal views).
// Here: issue confirm / reject / edit go to the REST API with the version read (a 409 shows the
// issue as it now is); auto-review starts with POST …/reviews {"mode":"auto"}; the chat posts to
// …/messages; the websocket /ws/contracts/<id>/ streams `contract_status` {status, error, sections}
// while the upload is read and split, `progress` {done,total,section}, `issue`
// {action, issue}, `status`, `token`, `final` and `error`. An issue card is always the server's
// HTML (/contracts/<id>/issues/<iid>/), so a reload shows exactly what the live page showed.
(function () {
  "use strict";

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) event.preventDefault();
  }, true);

  // ------------------------------------------------------------------ upload (list page)
  var drop = document.getElementById("dropzone");
  if (drop) {
    var input = document.getElementById("upload-file");
    var text = document.getElementById("dropzone-text");
    var show = function () {
      if (input.files && input.files.length) {
        text.textContent = "已选择：" + input.files[0].name;
        drop.classList.add("chosen");
      }
    };
    input.addEventListener("change", show);
    ["dragenter", "dragover"].forEach(function (name) {
      drop.addEventListener(name, function (event) { event.preventDefault(); drop.classList.add("over"); });
    });
    ["dragleave", "drop"].forEach(function (name) {
      drop.addEventListener(name, function (event) { event.preventDefault(); drop.classList.remove("over"); });
    });
    drop.addEventListener("drop", function (event) {
      if (!event.dataTransfer || !event.dataTransfer.files.length) return;
      input.files = event.dataTransfer.files;
      show();
    });
    document.getElementById("upload-form").addEventListener("submit", function () {
      var button = document.getElementById("upload-submit");
      button.disabled = true;
      button.textContent = "正在读取与拆分…";
    });
  }

  var configEl = document.getElementById("contracts-config");
  if (!configEl) return;
  var cfg = JSON.parse(configEl.textContent);
  var api = cfg.api;  // /api/v1/contracts/<id>

  var issueList = document.getElementById("issue-list");
  var noIssues = document.getElementById("no-issues");
  var chatLog = document.getElementById("contract-chat");
  var wsState = document.getElementById("ws-state");
  var stateText = document.getElementById("review-state");
  var fill = document.getElementById("progress-fill");
  var bar = document.getElementById("review-progress");
  var autoButton = document.getElementById("auto-review");
  var cancelButton = document.getElementById("cancel-review");
  var currentLabel = document.getElementById("current-section");
  var run = cfg.run;
  var currentSection = null;
  var cursorMoved = false;  // the lawyer picked a section on the page since the last chat message
  var pending = null;   // the assistant bubble being streamed
  var socket = null;
  var retry = 0;

  // ------------------------------------------------------------------ helpers
  function esc(value) {
    return String(value == null ? "" : value).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function request(method, url, body) {
    return fetch(url, {
      method: method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": cfg.csrfToken, "Accept": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body)
    }).then(function (response) {
      return response.text().then(function (raw) {
        var data = null;
        try { data = raw ? JSON.parse(raw) : null; } catch (e) { data = { detail: raw }; }
        return { ok: response.ok, status: response.status, data: data };
      });
    });
  }
  function detail(data) {
    if (!data) return "操作失败";
    if (typeof data.detail === "string") return data.detail;
    if (Array.isArray(data.detail)) return data.detail.join("；");
    var parts = [];
    Object.keys(data).forEach(function (key) { parts.push([].concat(data[key]).join("；")); });
    return parts.join("；") || "操作失败";
  }
  function toast(message, isError) {
    var box = document.getElementById("toasts");
    if (!box) return;
    var el = document.createElement("div");
    el.className = "toast" + (isError ? " error" : "");
    el.setAttribute("role", isError ? "alert" : "status");
    el.textContent = message;
    box.appendChild(el);
    window.setTimeout(function () { el.remove(); }, 6000);
  }
  function fromHtml(html) {
    var template = document.createElement("template");
    template.innerHTML = html.trim();
    return template.content.firstElementChild;
  }
  function fragmentUrl(id) { return cfg.issueFragment.replace(/\/issues\/0\/$/, "/issues/" + encodeURIComponent(id) + "/"); }

  // ------------------------------------------------------------------ tabs, filters, navigation
  function selectTab(name) {
    ["issues", "chat", "terms"].forEach(function (tab) {
      var on = tab === name;
      document.getElementById("tab-" + tab).classList.toggle("active", on);
      document.getElementById("tab-" + tab).setAttribute("aria-selected", on ? "true" : "false");
      document.getElementById("panel-" + tab).classList.toggle("hidden", !on);
    });
  }
  document.getElementById("tab-issues").addEventListener("click", function () { selectTab("issues"); });
  document.getElementById("tab-chat").addEventListener("click", function () { selectTab("chat"); });
  document.getElementById("tab-terms").addEventListener("click", function () { selectTab("terms"); });

  var filter = "all";
  function applyFilter() {
    var shown = 0;
    issueList.querySelectorAll(".issue").forEach(function (card) {
      var visible = filter === "all" || card.dataset.status === filter;
      card.classList.toggle("hidden", !visible);
      if (visible) shown += 1;
    });
    document.getElementById("issue-count").textContent = String(issueList.querySelectorAll(".issue").length);
    noIssues.classList.toggle("hidden", issueList.querySelector(".issue") !== null);
    return shown;
  }
  document.querySelectorAll(".issue-filters .chip").forEach(function (chip) {
    chip.addEventListener("click", function () {
      filter = chip.dataset.filter;
      document.querySelectorAll(".issue-filters .chip").forEach(function (c) { c.classList.toggle("active", c === chip); });
      applyFilter();
    });
  });

  function setCurrent(sectionId, scroll, fromServer) {
    var article = document.getElementById("sec-" + sectionId);
    if (!article) return;
    if (!fromServer && Number(sectionId) !== currentSection) cursorMoved = true;
    currentSection = Number(sectionId);
    document.querySelectorAll("#section-list li").forEach(function (li) {
      li.classList.toggle("active", li.dataset.section === String(sectionId));
    });
    var number = article.querySelector(".sec-number");
    if (currentLabel) currentLabel.textContent = number ? number.textContent : (article.getAttribute("aria-label") || "—");
    if (scroll) article.scrollIntoView({ block: "start", behavior: "smooth" });
  }
  function flash(el) {
    if (!el) return;
    el.classList.add("flash");
    window.setTimeout(function () { el.classList.remove("flash"); }, 1500);
  }
  document.addEventListener("click", function (event) {
    var goto = event.target.closest("[data-goto]");
    if (goto) {
      event.preventDefault();
      setCurrent(goto.dataset.goto, true);
      var card = goto.closest(".issue");
      if (card) flash(document.querySelector('mark.hl[data-issues~="' + card.dataset.issue + '"]'));
      return;
    }
    var mark = event.target.closest("mark.hl");
    if (mark) {
      selectTab("issues");
      var id = mark.dataset.issues.split(" ")[0];
      var target = document.getElementById("issue-" + id);
      if (target) { target.classList.remove("hidden"); target.scrollIntoView({ block: "nearest", behavior: "smooth" }); flash(target); }
      var section = mark.closest(".section");
      if (section) setCurrent(section.dataset.section, false);
      return;
    }
    var article = event.target.closest(".section");
    if (article && !event.target.closest("form")) setCurrent(article.dataset.section, false);
  });
  var focused = document.querySelector(".section.focused");
  if (focused) setCurrent(focused.dataset.section, false);

  // the issue counts, recounted by the server after every change (GET the contract: issue_counts)
  var summary = document.getElementById("issue-summary");
  var recountTimer = null;
  function recount() {
    window.clearTimeout(recountTimer);
    recountTimer = window.setTimeout(function () {
      request("GET", api).then(function (result) {
        var c = result.ok && result.data && result.data.issue_counts;
        if (!c || !summary) return;
        summary.textContent = "问题 " + c.total + " 个：待处理 " + c.status.open + " · 已确认 " + c.status.confirmed +
          " · 已解决 " + c.status.resolved + " · 已驳回 " + c.status.rejected + "（未驳回：高 " + c.severity.high +
          " · 中 " + c.severity.medium + " · 低 " + c.severity.low + "）";
      });
    }, 150);
  }

  // ------------------------------------------------------------------ issues
  function refreshIssue(id) {
    return fetch(fragmentUrl(id), { credentials: "same-origin" }).then(function (response) {
      if (response.status === 404) { removeIssue(id); return null; }
      return response.text().then(function (html) {
        var card = fromHtml(html);
        var old = document.getElementById("issue-" + id);
        if (old) old.replaceWith(card); else insertIssue(card);
        applyFilter();
        markFor(card);
        recount();
        return card;
      });
    });
  }
  function insertIssue(card) {
    // Keep reading order: after the last card of an earlier (or the same) section.
    var order = sectionOrder(card.dataset.section);
    var before = null;
    issueList.querySelectorAll(".issue").forEach(function (other) {
      if (before) return;
      var o = sectionOrder(other.dataset.section);
      if (o > order) before = other;
    });
    issueList.insertBefore(card, before);
  }
  function sectionOrder(sectionId) {
    if (!sectionId) return Infinity;
    var article = document.getElementById("sec-" + sectionId);
    return article ? Number(article.dataset.order) : Infinity;
  }
  function removeIssue(id) {
    var old = document.getElementById("issue-" + id);
    if (old) old.remove();
    document.querySelectorAll('mark.hl[data-issues~="' + id + '"]').forEach(function (mark) {
      var ids = mark.dataset.issues.split(" ").filter(function (x) { return x !== String(id); });
      if (ids.length) mark.dataset.issues = ids.join(" ");
      else mark.replaceWith(document.createTextNode(mark.textContent));
    });
    applyFilter();
    recount();
  }
  function markFor(card) {
    // An existing highlight follows the issue's severity and status (new spans appear on reload).
    document.querySelectorAll('mark.hl[data-issues~="' + card.dataset.issue + '"]').forEach(function (mark) {
      var severity = (card.className.match(/sev-(\w+)/) || [])[1];
      mark.className = "hl sev-" + severity + " status-" + card.dataset.status;
    });
  }

  issueList.addEventListener("submit", function (event) {
    var form = event.target.closest("form[data-issue-action]");
    if (!form) return;
    event.preventDefault();
    var card = form.closest(".issue");
    var id = card.dataset.issue;
    var version = Number(card.dataset.version);
    var action = form.dataset.issueAction;
    var call;
    if (action === "edit") {
      call = request("PATCH", api + "/issues/" + id, {
        version: version, severity: form.elements.severity.value, suggestion: form.elements.suggestion.value });
    } else {
      call = request("POST", api + "/issues/" + id + "/" + action, { version: version });
    }
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    call.then(function (result) {
      if (result.status === 409) {
        toast(detail(result.data) + "（已显示最新内容）", true);
      } else if (!result.ok) {
        var error = form.querySelector("[data-role=error]");
        if (error) error.textContent = detail(result.data); else toast(detail(result.data), true);
        form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
        return;
      }
      return refreshIssue(id);
    }).catch(function () {
      toast("网络错误，请重试", true);
      form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
    });
  });

  // ------------------------------------------------------------------ auto-review
  function showProgress(done, total, section) {
    if (total) {
      fill.style.width = Math.round(100 * done / total) + "%";
      bar.setAttribute("aria-valuemax", String(total));
      bar.setAttribute("aria-valuenow", String(done));
    }
    var where = section && typeof section === "object" ? (section.number || section.title || "") : (section || "");
    stateText.textContent = "自动审核中：" + done + "/" + total + (where ? "，当前 " + where : "");
    if (section && typeof section === "object" && section.id) setCurrent(section.id, false);
  }
  var TERMINAL = { done: "自动审核完成", cancelled: "自动审核已取消", failed: "自动审核失败" };
  function finished(status, text) {
    stateText.textContent = text || TERMINAL[status];
    if (status === "done") { fill.style.width = "100%"; bar.setAttribute("aria-valuenow", bar.getAttribute("aria-valuemax")); }
    run = null;
    setRunning(false);
  }
  function setRunning(on) {
    autoButton.disabled = on;
    cancelButton.classList.toggle("hidden", !on || !run);
  }
  autoButton.addEventListener("click", function () {
    autoButton.disabled = true;
    request("POST", api + "/reviews", { mode: "auto" }).then(function (result) {
      if (!result.ok) { toast(detail(result.data), true); autoButton.disabled = false; return; }
      run = { id: result.data.id, status: result.data.status, done: result.data.progress || 0, total: result.data.total || 0 };
      stateText.textContent = "自动审核已开始…";
      setRunning(true);
    });
  });
  cancelButton.addEventListener("click", function () {
    if (!run) return;
    request("POST", api + "/reviews/" + run.id + "/cancel", {}).then(function (result) {
      if (!result.ok) toast(detail(result.data), true); else stateText.textContent = "正在取消…";
    });
  });
  if (run) setRunning(true);

  // ------------------------------------------------------------------ chat
  var chatForm = document.getElementById("chat-form");
  var chatInput = document.getElementById("chat-input");
  function bubble(role, content, who) {
    var empty = document.getElementById("chat-empty");
    if (empty) empty.remove();
    var el = document.createElement("div");
    el.className = "cmsg " + role;
    el.innerHTML = '<span class="who">' + esc(who || (role === "user" ? "我" : role === "event" ? "" : "审核助手")) +
      '</span><div class="body"></div>';
    el.querySelector(".body").textContent = content || "";
    chatLog.appendChild(el);
    chatLog.scrollTop = chatLog.scrollHeight;
    return el;
  }
  function replyText(reply) {
    if (!reply) return "";
    if (typeof reply === "string") return reply;
    return reply.content || reply.text || "";
  }
  // One message, one reply, in order: the lawyer's bubble and a pending reply are placed at once; the
  // reply fills the pending bubble whichever comes first — the websocket's `final` or the POST's answer —
  // and the other is recognised by the reply's id and dropped.
  chatForm.addEventListener("submit", function (event) {
    event.preventDefault();
    var content = chatInput.value.trim();
    if (!content || pending) return;  // the send button is disabled while a message is being posted
    var body = { content: content };
    if (currentSection && cursorMoved) body.section = currentSection;
    document.getElementById("chat-send").disabled = true;
    var mine = bubble("user", content);
    pending = bubble("assistant pending", "");
    var waiting = pending;
    request("POST", api + "/messages", body).then(function (result) {
      document.getElementById("chat-send").disabled = false;
      if (!result.ok) {
        toast(detail(result.data), true);
        mine.remove(); waiting.remove(); if (pending === waiting) pending = null;
        return;
      }
      chatInput.value = "";
      cursorMoved = false;
      var data = result.data || {};
      if (data.message) mine.dataset.message = data.message.id;
      if (data.current_section) setCurrent(data.current_section.id, true, true);
      var text = replyText(data.reply);
      if (text && !chatLog.querySelector('[data-message="' + data.reply.id + '"]')) {
        waiting.classList.remove("pending");
        waiting.querySelector(".body").textContent = text;
        waiting.dataset.message = data.reply.id;
        if (pending === waiting) pending = null;
      } else if (text && pending === waiting) {
        waiting.remove();
      }
      // a queued reply (a model answers in the worker) keeps its bubble, found by the message it answers
      if (data.message) waiting.dataset.replyTo = data.message.id;
      if (pending === waiting) pending = null;
    }).catch(function () {
      document.getElementById("chat-send").disabled = false;
      toast("网络错误，请重试", true);
      mine.remove(); waiting.remove(); if (pending === waiting) pending = null;
    });
  });
  chatInput.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) { event.preventDefault(); chatForm.requestSubmit(); }
  });

  // ------------------------------------------------------------------ websocket
  function setWs(state, label) { wsState.dataset.state = state; wsState.textContent = label; }
  // the contract is read and split in the worker: uploaded → splitting → split | failed
  var splitBox = document.getElementById("split-status");
  function splitStatus(event) {
    if (!splitBox) return;
    var previous = splitBox.dataset.status;
    splitBox.dataset.status = event.status;
    splitBox.className = "split-status split-" + event.status;
    if (event.status === "split") {
      splitBox.textContent = "拆分完成" + (event.sections ? "：" + event.sections + " 个章节" : "") + "，正在刷新…";
      if (previous !== "split" && previous !== "failed") window.location.reload();
    } else if (event.status === "failed") {
      splitBox.innerHTML = "<strong>文件读取失败：</strong>" + esc(event.error || "未知错误") + " 请检查文件后重新上传。";
    } else if (event.status === "splitting") {
      splitBox.innerHTML = '<span class="spinner" aria-hidden="true"></span>正在读取并拆分章节…';
    }
  }
  function handle(event) {
    switch (event.type) {
      case "ping": case "pong": return;
      case "progress":
        if (TERMINAL[event.status]) { finished(event.status); return; }
        if (!run || (event.run_id && run.id !== event.run_id)) { run = { id: event.run_id || (run && run.id) }; }
        if (event.mode !== "manual") setRunning(true);
        showProgress(Number(event.done || 0), Number(event.total || 0), event.section);
        return;
      case "contract_status":
        splitStatus(event);
        return;
      case "issue":
        var issue = event.issue || {};
        var id = issue.id || event.issue_id;
        if (!id) return;
        if (event.action === "deleted") removeIssue(id); else refreshIssue(id);
        return;
      case "token":  // only a chat reply streams into the chat
        var waitingSlots = chatLog.querySelectorAll(".cmsg.pending");
        var streaming = pending || waitingSlots[waitingSlots.length - 1];
        if (streaming) streaming.querySelector(".body").textContent += event.delta || "";
        return;
      case "final":
        var content = event.content || "";
        if (event.message_id && chatLog.querySelector('[data-message="' + event.message_id + '"]')) return;
        var slot = (event.reply_to && chatLog.querySelector('.cmsg.pending[data-reply-to="' + event.reply_to + '"]')) || pending;
        if (slot) {
          slot.classList.remove("pending"); slot.querySelector(".body").textContent = content;
          if (event.message_id) slot.dataset.message = event.message_id;
          if (slot === pending) pending = null;
        }
        else if (content && event.reply_to && !chatLog.querySelector('[data-message="' + event.message_id + '"]')) {
          var answer = bubble("assistant", content);
          answer.dataset.message = event.message_id;
          answer.dataset.replyTo = event.reply_to;
        }
        return;
      case "status":
        if (event.phase === "done" && TERMINAL[event.status]) { finished(event.status, event.text); return; }
        if (pending && event.text) bubble("event", event.text);
        return;
      case "error":
        toast(event.message || "出错了", true);
        if (pending) { pending.classList.remove("pending"); pending.querySelector(".body").textContent = event.message || "出错了"; pending = null; }
        return;
    }
  }
  function connect() {
    setWs("connecting", retry ? "正在重连…" : "正在连接…");
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + cfg.wsPath);
    socket.onopen = function () {
      retry = 0; setWs("open", "实时通道已连接");
      // a split that ended before the socket joined the group: read the contract once
      if (splitBox && (splitBox.dataset.status === "uploaded" || splitBox.dataset.status === "splitting")) {
        request("GET", api).then(function (result) {
          if (result.ok && result.data) {
            splitStatus({ status: result.data.status, error: result.data.error, sections: result.data.section_count });
          }
        });
      }
    };
    socket.onmessage = function (message) {
      var event;
      try { event = JSON.parse(message.data); } catch (e) { return; }
      handle(event);
    };
    socket.onclose = function (close) {
      if (close.code === 4403 || close.code === 4401) { setWs("denied", "无权查看或登录已失效"); return; }
      setWs("closed", "实时通道已断开，正在重连…");
      var delay = Math.min(30000, 1000 * Math.pow(2, retry)) * (0.8 + Math.random() * 0.4);
      retry += 1;
      window.setTimeout(connect, delay);
    };
  }
  applyFilter();
  connect();
})();
