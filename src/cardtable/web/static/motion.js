// Motion with the Web Animations API: cards glide from where they were (or from a seat) to where they are.
// Nothing here waits for an animation before the page takes input, and prefers-reduced-motion turns it off.

const reduce = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

export const moving = () => !reduce.matches && !document.body.classList.contains("no-motion");

/** Where every keyed element is now: {key: DOMRect}. */
export function capture(root) {
  const at = new Map();
  for (const e of root.querySelectorAll("[data-key]")) at.set(e.dataset.key, e.getBoundingClientRect());
  return at;
}

function centre(r) {
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** Animate each keyed element from its captured place to its new one; a new element with data-from
 * (a seat number) or data-from-key comes from that seat's plate or that element's old place. */
export function glide(root, before, seats, opts = {}) {
  if (!moving() || !before) return;
  const duration = opts.duration || 320;
  let k = 0;
  for (const e of root.querySelectorAll("[data-key]")) {
    const now = e.getBoundingClientRect();
    if (!now.width) continue;
    let from = before.get(e.dataset.key);
    let fade = false;
    if (!from && e.dataset.fromKey) from = before.get(e.dataset.fromKey);
    if (!from && e.dataset.from !== undefined && seats) {
      from = seats.get(e.dataset.from);
      fade = true;
    }
    if (!from) continue;
    const a = centre(from);
    const b = centre(now);
    const dx = a.x - b.x;
    const dy = a.y - b.y;
    const scale = from.width && now.width ? Math.max(0.3, Math.min(2.5, from.width / now.width)) : 1;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(scale - 1) < 0.02) continue;
    const delay = e.dataset.stagger ? Number(e.dataset.stagger) : (opts.stagger ? k++ * opts.stagger : 0);
    e.animate([
      { transform: `translate(${dx}px, ${dy}px) scale(${fade ? 0.55 : scale})`, opacity: fade ? 0.2 : 1 },
      { transform: "none", opacity: 1 },
    ], { duration, delay, easing: "cubic-bezier(.2,.7,.2,1)", fill: "backwards", composite: "add" });
  }
}

/** Fly copies of ``nodes`` to ``target`` (a rect) and fade them: the trick gathered to its winner. The copies
 * live in an overlay, so the page under them is already the next state. */
export function gather(nodes, target, duration = 420) {
  if (!moving() || !target || !nodes.length) return;
  const layer = document.getElementById("fx");
  const to = centre(target);
  for (const n of nodes) {
    const r = n.getBoundingClientRect();
    if (!r.width) continue;
    const ghost = n.cloneNode(true);
    ghost.removeAttribute("data-key");
    ghost.removeAttribute("id");
    Object.assign(ghost.style, { position: "fixed", left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`,
      margin: 0, pointerEvents: "none" });
    layer.append(ghost);
    const c = centre(r);
    const anim = ghost.animate([
      { transform: "none", opacity: 1 },
      { transform: `translate(${to.x - c.x}px, ${to.y - c.y}px) scale(.35)`, opacity: 0 },
    ], { duration, easing: "cubic-bezier(.5,0,.7,.4)", fill: "forwards" });
    anim.onfinish = () => ghost.remove();
    anim.oncancel = () => ghost.remove();
  }
}
