"use strict";
// The replay page's player: the steps are in the JSON block above, built by the bot; the
// pictures are tiles on a few inlined sheets, drawn on the canvas frame by frame.
(() => {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const steps = data.steps;
  const last = steps.length - 1;
  const find = (id) => document.getElementById(id);
  const slider = find("slider");
  const counter = find("counter");
  const canvas = find("picture");
  const buttons = {
    first: find("first"), previousTurn: find("previous-turn"), previous: find("previous"), play: find("play"),
    next: find("next"), nextTurn: find("next-turn"), last: find("last"),
  };
  const speed = find("speed");
  const viewer = find("viewer");
  const big = document.createElement("canvas"); // the picture full size, once opened
  big.setAttribute("role", "img");
  const turns = data.turns; // the steps that end a turn, in order
  let current = 0;
  let timer = null;
  let zoom = 1; // the full-size picture's scale

  // Each frame's whole grid of tiles: a first grid, then each frame as its changes from a recent one
  // (``r`` frames back, 1 by default), in numbers written as text (bot/replay_page/tiles.py).
  const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const numbers = (text) => {
    const out = [];
    let value = 0;
    let scale = 1;
    for (const character of text) {
      const digit = DIGITS.indexOf(character);
      value += (digit % 32) * scale;
      if (digit >= 32) {
        scale *= 32;
      } else {
        out.push(value);
        value = 0;
        scale = 1;
      }
    }
    return out;
  };
  const signed = (value) => (value % 2 ? -(value + 1) / 2 : value / 2);
  const film = data.film;
  const grids = [];
  let sheets = [];
  if (film) {
    for (const frame of film.frames) {
      if (frame.g !== undefined) {
        const grid = [];
        let tile = 0;
        for (const step of numbers(frame.g)) grid.push((tile += signed(step)));
        grids.push({ width: frame.w, height: frame.h, grid });
      } else {
        const base = grids[grids.length - (frame.r || 1)];
        const grid = base.grid.slice();
        const values = numbers(frame.d);
        let at = -1;
        let tile = 0;
        for (let i = 0; i < values.length; i += 2) {
          at += values[i] + 1;
          tile += signed(values[i + 1]);
          grid[at] = tile;
        }
        grids.push({ width: base.width, height: base.height, grid });
      }
    }
  }

  // The canvas takes each frame's size at once (the page's layout holds still while the sheets load).
  function size(index) {
    if (!film || index < 0) return;
    const frame = grids[index];
    if (canvas.width !== frame.width || canvas.height !== frame.height) {
      canvas.width = frame.width;
      canvas.height = frame.height;
      document.body.style.setProperty("--ratio", String(frame.width / frame.height));
    }
  }

  function draw(index) {
    size(index);
    if (!film || !sheets.length || index < 0) return;
    const frame = grids[index];
    const tile = film.tile;
    const across = Math.ceil(frame.width / tile);
    const perSheet = film.columns * film.rows;
    const pen = canvas.getContext("2d");
    frame.grid.forEach((spot, at) => {
      const sheet = sheets[Math.floor(spot / perSheet)];
      const place = spot % perSheet;
      pen.drawImage(
        sheet, (place % film.columns) * tile, Math.floor(place / film.columns) * tile, tile, tile,
        (at % across) * tile, Math.floor(at / across) * tile, tile, tile,
      );
    });
    if (viewer.open) copy();
  }

  // The picture full size, in a dialog: its pixels as they are, zoomed by the buttons (or pinched).
  function copy() {
    big.width = canvas.width;
    big.height = canvas.height;
    big.getContext("2d").drawImage(canvas, 0, 0);
    big.style.width = `${canvas.width * zoom}px`;
    big.setAttribute("aria-label", canvas.getAttribute("aria-label") || "");
    find("zoom-out").disabled = zoom <= ZOOMS[0];
    find("zoom-in").disabled = zoom >= ZOOMS[ZOOMS.length - 1];
  }
  const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3];

  function open() {
    if (!big.isConnected) find("stage").append(big);
    zoom = 1;
    viewer.showModal();
    copy();
  }

  function rezoom(by) {
    const stage = find("stage");
    const middle = [(stage.scrollLeft + stage.clientWidth / 2) / zoom, (stage.scrollTop + stage.clientHeight / 2) / zoom];
    zoom = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(zoom) + by))];
    copy();
    stage.scrollTo(middle[0] * zoom - stage.clientWidth / 2, middle[1] * zoom - stage.clientHeight / 2);
  }

  // A turn's end, a mark on the slider: 1 px at its place along the thumb's way.
  function mark() {
    const marks = find("marks");
    for (const step of turns) {
      const tick = document.createElement("span");
      tick.style.left = `${(100 * step) / Math.max(1, last)}%`;
      marks.append(tick);
    }
  }

  // A spoiler stays hidden until it is clicked (or Enter or Space on it), as in Discord.
  function hide(root) {
    for (const spoiler of root.querySelectorAll(".spoiler[aria-expanded=false]")) {
      spoiler.setAttribute("aria-label", data.text.spoiler);
    }
  }

  function reveal(spoiler) {
    spoiler.setAttribute("aria-expanded", "true");
    for (const name of ["aria-label", "role", "tabindex"]) spoiler.removeAttribute(name);
  }

  function show(index) {
    current = Math.max(0, Math.min(last, index));
    const step = steps[current];
    const told = data.text.step.replace("{step}", current).replace("{steps}", last);
    slider.value = String(current);
    slider.setAttribute("aria-valuetext", told);
    counter.textContent = told;
    find("who").innerHTML = step.w;
    find("lines").innerHTML = step.l.map((line) => `<li>${line}</li>`).join("");
    const parts = (indices) => (indices || []).map((at) => data.boards[at]).join("");
    find("board").innerHTML = parts(step.b);
    find("keys").innerHTML = parts(step.k);
    const end = find("end");
    end.innerHTML = current === last ? data.end : "";
    end.hidden = current !== last;
    hide(document.body);
    if (film) {
      draw(step.f);
      canvas.setAttribute("aria-label", data.alts[step.t] || "");
    }
    buttons.first.disabled = buttons.previous.disabled = buttons.previousTurn.disabled = current === 0;
    buttons.next.disabled = buttons.last.disabled = buttons.nextTurn.disabled = current === last;
    if (current === last) stop();
  }

  // The turn jumps: to the end of the next turn, or of the one before (else either end).
  const nextTurn = () => turns.find((step) => step > current) ?? last;
  const previousTurn = () => turns.findLast((step) => step < current) ?? 0;

  function label(button, text) {
    button.setAttribute("aria-label", text);
    button.title = text;
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    buttons.play.classList.remove("playing");
    label(buttons.play, data.text.play);
  }

  function run() {
    if (timer !== null) clearInterval(timer);
    timer = setInterval(() => show(current + 1), data.delay / Number(speed.value));
  }

  function play() {
    if (timer !== null) return stop();
    if (current === last) show(0);
    buttons.play.classList.add("playing");
    label(buttons.play, data.text.pause);
    run();
  }

  function go(index) {
    stop();
    show(index);
  }

  function faster(by) {
    speed.selectedIndex = Math.max(0, Math.min(speed.options.length - 1, speed.selectedIndex + by));
    speed.dispatchEvent(new Event("change"));
  }

  buttons.first.addEventListener("click", () => go(0));
  buttons.previousTurn.addEventListener("click", () => go(previousTurn()));
  buttons.previous.addEventListener("click", () => go(current - 1));
  buttons.next.addEventListener("click", () => go(current + 1));
  buttons.nextTurn.addEventListener("click", () => go(nextTurn()));
  buttons.last.addEventListener("click", () => go(last));
  buttons.play.addEventListener("click", play);
  speed.addEventListener("change", () => {
    if (timer !== null) run();
  });
  slider.addEventListener("input", () => go(Number(slider.value)));
  if (film) {
    find("full-size").hidden = false;
    find("full-size").addEventListener("click", open);
    canvas.addEventListener("click", open);
  }
  find("zoom-in").addEventListener("click", () => rezoom(1));
  find("zoom-out").addEventListener("click", () => rezoom(-1));
  find("close").addEventListener("click", () => viewer.close());
  document.addEventListener("click", (event) => {
    const spoiler = event.target.closest(".spoiler[aria-expanded=false]");
    if (spoiler) reveal(spoiler);
  });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const spoiler = event.target.closest && event.target.closest(".spoiler[aria-expanded=false]");
    if (spoiler && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      reveal(spoiler);
      return;
    }
    if (event.target === slider || event.target === speed) return; // they step themselves
    const moves = {
      ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last,
      PageUp: previousTurn(), PageDown: nextTurn(),
    };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
    } else if (event.key === "-" || event.key === "+" || event.key === "=") {
      event.preventDefault();
      faster(event.key === "-" ? -1 : 1);
    } else if (event.key === " " && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      play();
    }
  });

  const loading = (film ? film.sheets : []).map((source) => new Promise((resolve, reject) => {
    const sheet = new Image();
    sheet.onload = () => resolve(sheet);
    sheet.onerror = () => reject(new Error("a picture sheet could not be read"));
    sheet.src = `data:image/webp;base64,${source}`;
  }));
  // The counter keeps the width of its longest text: the slider beside it holds still while it plays.
  counter.textContent = data.text.step.replace("{step}", last).replace("{steps}", last);
  counter.style.minWidth = `${counter.getBoundingClientRect().width}px`;
  mark();
  show(0);
  Promise.all(loading).then((loaded) => {
    sheets = loaded;
    draw(steps[current].f);
    document.body.dataset.ready = "yes";
  });
})();
