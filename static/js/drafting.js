// 文书起草: the live preview (the server renders the form as it is now), invalid and missing
// fields marked, and adding/removing items of repeating groups (原告, 被告, 诉讼请求 …).
(function () {
  "use strict";
  const form = document.getElementById("draft-form");
  const configNode = document.getElementById("drafting-config");
  if (!form || !configNode) return;
  const config = JSON.parse(configNode.textContent);
  const preview = document.getElementById("preview");
  const state = document.getElementById("preview-state");
  const summary = document.getElementById("missing-summary");
  let timer = null;
  let inflight = null;

  function renumber(group) {
    const many = group.dataset.many === "1";
    if (!many) return;
    const path = group.dataset.group;
    group.querySelectorAll(":scope > .items > .item").forEach(function (item, index) {
      item.dataset.index = String(index);
      item.querySelectorAll("[name]").forEach(function (input) {
        const rest = input.name.replace(/^[^\]]*\]/, "");
        input.name = path + "[" + index + "]" + rest;
        input.id = "f-" + input.name;
      });
      item.querySelectorAll("label[for]").forEach(function (label) {
        const rest = label.htmlFor.replace(/^f-[^\]]*\]/, "");
        label.htmlFor = "f-" + path + "[" + index + "]" + rest;
      });
      item.querySelectorAll("[data-path]").forEach(function (field) {
        const rest = field.dataset.path.replace(/^[^\]]*\]/, "");
        field.dataset.path = path + "[" + index + "]" + rest;
      });
      item.querySelectorAll("[data-error-for]").forEach(function (node) {
        const rest = node.dataset.errorFor.replace(/^[^\]]*\]/, "");
        node.dataset.errorFor = path + "[" + index + "]" + rest;
      });
    });
  }

  function mark(errors, missing, labels) {
    form.querySelectorAll(".field").forEach(function (field) {
      const path = field.dataset.path;
      const error = errors[path];
      const isMissing = missing.indexOf(path) !== -1;
      field.classList.toggle("invalid", Boolean(error));
      field.classList.toggle("missing", isMissing);
      const message = field.querySelector(".field-error");
      if (message) message.textContent = error || (isMissing ? "必填" : "");
    });
    form.querySelectorAll("fieldset.group").forEach(function (group) {
      group.classList.toggle("missing", missing.indexOf(group.dataset.group) !== -1);
    });
    const names = Object.keys(labels || {}).map(function (key) { return labels[key].replace("必填：", ""); });
    summary.classList.toggle("hidden", names.length === 0);
    summary.querySelector("span").textContent = names.join("、");
  }

  function refresh() {
    if (inflight) inflight.abort();
    inflight = new AbortController();
    state.textContent = "更新中…";
    fetch(config.previewUrl, {method: "POST", body: new FormData(form), signal: inflight.signal,
                              headers: {"X-Requested-With": "fetch"}, credentials: "same-origin"})
      .then(function (response) { return response.json(); })
      .then(function (data) {
        preview.innerHTML = data.html;  // server-rendered, every value escaped
        mark(data.errors || {}, data.missing || [], data.missing_labels || {});
        state.textContent = "";
        form.dataset.previewed = String(Number(form.dataset.previewed || 0) + 1);
      })
      .catch(function (error) { if (error.name !== "AbortError") state.textContent = "预览暂不可用"; });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(refresh, 300);
  }

  form.addEventListener("input", schedule);
  form.addEventListener("change", schedule);
  form.addEventListener("click", function (event) {
    const target = event.target;
    if (target.classList.contains("add-item")) {
      const group = target.closest("fieldset.group");
      const template = group.querySelector(":scope > template.item-template");
      const items = group.querySelector(":scope > .items");
      items.appendChild(template.content.cloneNode(true));
      renumber(group);
      schedule();
    } else if (target.classList.contains("remove-item")) {
      const group = target.closest("fieldset.group");
      target.closest(".item").remove();
      renumber(group);
      schedule();
    }
  });

  // --- the assistant: queued to a worker, followed live on /ws/drafting/<id>/ ----------------------
  let socket = null;
  let lastSeq = 0;

  function assistState(stateName, text) {
    const node = document.getElementById("assist-status");
    if (!node) return;
    node.dataset.state = stateName;
    node.textContent = text;
    const button = document.getElementById("assist-button");
    if (button) button.disabled = stateName === "queued" || stateName === "running";
  }

  function reloadFromServer() {
    fetch(window.location.pathname, {credentials: "same-origin"})
      .then(function (response) { return response.text(); })
      .then(function (html) {
        const doc = new DOMParser().parseFromString(html, "text/html");
        const freshForm = doc.getElementById("draft-form");
        if (freshForm) form.innerHTML = freshForm.innerHTML;  // the listeners stay on the form itself
        const freshAssistant = doc.getElementById("assistant");
        const assistant = document.getElementById("assistant");
        const filled = document.getElementById("assist-filled");
        const kept = filled ? filled.innerHTML : "";
        if (freshAssistant && assistant) assistant.innerHTML = freshAssistant.innerHTML;
        const again = document.getElementById("assist-filled");
        if (again) again.innerHTML = kept;
        refresh();
      });
  }

  function onEvent(event) {
    if (event.seq) {
      if (event.seq <= lastSeq) return;
      lastSeq = event.seq;
    }
    if (event.type === "assist") {
      if (event.status === "queued") {  // a new turn: what the last one filled is not news any more
        const list = document.getElementById("assist-filled");
        if (list) list.innerHTML = "";
      }
      assistState(event.status, event.text || "助理正在补全……");
    }
    else if (event.type === "field") {
      const list = document.getElementById("assist-filled");
      if (list) {
        const item = document.createElement("li");
        item.textContent = "已填写：" + event.label;
        list.appendChild(item);
      }
    } else if (event.type === "assist_done") {
      assistState("done", event.question ? "助理已补全能确定的内容。" : "助理已补全，必填内容已齐全。");
      reloadFromServer();
    } else if (event.type === "assist_failed") {
      assistState("failed", event.text || "助理未能完成，请重试。");
    }
  }

  function follow() {
    if (socket && socket.readyState <= 1) return;
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + window.location.host + config.wsPath);
    socket.onmessage = function (message) { onEvent(JSON.parse(message.data)); };
  }

  document.addEventListener("submit", function (event) {
    const assistForm = event.target.closest("#assist-form");
    if (!assistForm) return;
    event.preventDefault();
    assistState("queued", "助理正在补全……");
    const list = document.getElementById("assist-filled");
    if (list) list.innerHTML = "";
    lastSeq = 0;
    follow();
    // save what the lawyer typed first: the assistant fills only what is still empty
    fetch(window.location.pathname, {method: "POST", body: new FormData(form), credentials: "same-origin"})
      .then(function () {
        return fetch(assistForm.action, {method: "POST", body: new FormData(assistForm), credentials: "same-origin",
                                         headers: {"Accept": "application/json"}});
      })
      .then(function (response) { return response.json().then(function (data) { return [response, data]; }); })
      .then(function (pair) {
        if (pair[0].status !== 202) assistState("failed", pair[1].detail || "助理未能开始");
      })
      .catch(function () { assistState("failed", "助理未能开始，请重试"); });
  });

  if (config.assistStatus === "queued" || config.assistStatus === "running") follow();

  // 生成 Word 文书 comes back here with ?generated=N: download that version once
  const generated = document.querySelector("a.download[data-auto-download]");
  if (generated) {
    window.history.replaceState(null, "", window.location.pathname);
    generated.click();
  }
})();
