// Per-user notifications over /ws/notifications/ with automatic reconnect.
(function () {
  "use strict";
  var statusEl = document.getElementById("ws-status");
  var listEl = document.getElementById("notifications");
  var toasts = document.getElementById("toasts");
  var retry = 1000;

  function setStatus(state, text) {
    if (!statusEl) return;
    statusEl.dataset.state = state;
    statusEl.textContent = text;
  }

  function show(event) {
    var text = event.text || event.message || JSON.stringify(event);
    if (listEl) {
      var li = document.createElement("li");
      li.textContent = new Date().toLocaleTimeString("zh-CN") + "  " + text;
      listEl.prepend(li);
    }
    if (toasts) {
      var toast = document.createElement("div");
      toast.className = "toast";
      toast.textContent = text;
      toasts.appendChild(toast);
      setTimeout(function () { toast.remove(); }, 6000);
    }
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + "/ws/notifications/");
    var keepalive = null;
    socket.onopen = function () {
      retry = 1000;
      setStatus("open", "通知通道已连接");
      keepalive = setInterval(function () { socket.send(JSON.stringify({ type: "ping" })); }, 25000);
    };
    socket.onmessage = function (message) {
      var event = JSON.parse(message.data);
      if (event.type === "hello" || event.type === "pong") return;
      show(event);
    };
    socket.onclose = function (close) {
      clearInterval(keepalive);
      if (close.code === 4401) { setStatus("denied", "未登录，通知通道已关闭"); return; }
      setStatus("closed", "通知通道已断开，正在重连…");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 30000);
    };
  }

  connect();
})();
