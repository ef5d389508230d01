// A neutral "picture" glyph shown in place of an image that failed to load (spec §2, §8). A data URI,
// so the placeholder itself can never be the next broken image.
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="72" viewBox="0 0 96 72">
<rect width="96" height="72" rx="6" fill="#f0f2f5"/>
<rect x="22" y="16" width="52" height="40" rx="3" fill="none" stroke="#bfc4cc" stroke-width="3"/>
<circle cx="36" cy="29" r="5" fill="#bfc4cc"/>
<path d="M25 53l15-15 10 10 8-7 14 12z" fill="#bfc4cc"/>
</svg>`;

export const IMAGE_PLACEHOLDER = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`;
