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
    first: find("first"), previous: find("previous"), play: find("play"), next: find("next"), last: find("last"),
  };
  let current = 0;
  let timer = null;

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

  function draw(index) {
    if (!film || !sheets.length || index < 0) return;
    const frame = grids[index];
    const size = film.tile;
    const across = Math.ceil(frame.width / size);
    const perSheet = film.columns * film.rows;
    if (canvas.width !== frame.width || canvas.height !== frame.height) {
      canvas.width = frame.width;
      canvas.height = frame.height;
    }
    const pen = canvas.getContext("2d");
    frame.grid.forEach((tile, at) => {
      const sheet = sheets[Math.floor(tile / perSheet)];
      const spot = tile % perSheet;
      pen.drawImage(
        sheet, (spot % film.columns) * size, Math.floor(spot / film.columns) * size, size, size,
        (at % across) * size, Math.floor(at / across) * size, size, size,
      );
    });
  }

  function show(index) {
    current = Math.max(0, Math.min(last, index));
    const step = steps[current];
    slider.value = String(current);
    counter.textContent = data.text.step.replace("{step}", current).replace("{steps}", last);
    find("who").innerHTML = step.w;
    find("lines").innerHTML = step.l.map((line) => `<li>${line}</li>`).join("");
    const parts = (indices) => (indices || []).map((index) => data.boards[index]).join("");
    find("board").innerHTML = parts(step.b);
    find("keys").innerHTML = parts(step.k);
    const end = find("end");
    end.innerHTML = current === last ? data.end : "";
    end.hidden = current !== last;
    if (film) {
      draw(step.f);
      canvas.setAttribute("aria-label", data.alts[step.t] || "");
    }
    buttons.first.disabled = buttons.previous.disabled = current === 0;
    buttons.next.disabled = buttons.last.disabled = current === last;
    if (current === last) stop();
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    buttons.play.textContent = data.text.play;
  }

  function play() {
    if (timer !== null) return stop();
    if (current === last) show(0);
    buttons.play.textContent = data.text.pause;
    timer = setInterval(() => show(current + 1), data.delay);
  }

  function go(index) {
    stop();
    show(index);
  }

  buttons.first.addEventListener("click", () => go(0));
  buttons.previous.addEventListener("click", () => go(current - 1));
  buttons.next.addEventListener("click", () => go(current + 1));
  buttons.last.addEventListener("click", () => go(last));
  buttons.play.addEventListener("click", play);
  slider.addEventListener("input", () => go(Number(slider.value)));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.target === slider) return; // the slider steps itself
    const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
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
  show(0);
  Promise.all(loading).then((loaded) => {
    sheets = loaded;
    draw(steps[current].f);
    document.body.dataset.ready = "yes";
  });
})();
