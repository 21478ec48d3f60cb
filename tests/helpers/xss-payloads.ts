/**
 * Well-known XSS payloads, rewritten to set `window.__xss = 1` (and to open a dialog where the
 * original did) instead of only alerting, so a browser test can see that one ran by reading the flag
 * or listening for dialogs. Stored through rich-text fields, none of them may ever run.
 *
 * Sources: the OWASP XSS filter evasion cheat sheet, PortSwigger's XSS cheat sheet and the
 * DOMPurify mutation-XSS reports. Each entry is a complete string to store as-is.
 */
const RUN = 'window.__xss=1';

export const XSS_PAYLOADS: string[] = [
  // Plain script tags, in the usual disguises.
  `<script>${RUN}</script>`,
  `<SCRIPT>${RUN}</SCRIPT>`,
  `<script src="data:text/javascript,${RUN}"></script>`,
  `<scr<script>ipt>${RUN}</scr</script>ipt>`,
  `"><script>${RUN}</script>`,
  `</textarea><script>${RUN}</script>`,
  `</title><script>${RUN}</script>`,
  // Event handlers on harmless-looking elements.
  `<img src=x onerror="${RUN}">`,
  `<img src=x onerror=${RUN}>`,
  `<IMG SRC=x OnErRoR=${RUN}>`,
  `<img src="x" onerror="&#119;&#105;&#110;&#100;&#111;&#119;.__xss=1">`,
  `<svg onload=${RUN}>`,
  `<svg><script>${RUN}</script></svg>`,
  `<svg><animate onbegin=${RUN} attributeName=x dur=1s>`,
  `<body onload=${RUN}>`,
  `<details open ontoggle=${RUN}>`,
  `<input autofocus onfocus=${RUN}>`,
  `<video><source onerror="${RUN}"></video>`,
  `<audio src=x onerror=${RUN}>`,
  `<marquee onstart=${RUN}>x</marquee>`,
  `<div onmouseover="${RUN}" style="position:fixed;inset:0">hover</div>`,
  `<p style="x" onpointerenter=${RUN}>x</p>`,
  // javascript: and data: URLs, plain and encoded.
  `<a href="javascript:${RUN}">click</a>`,
  `<a href="JaVaScRiPt:${RUN}">click</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${RUN}">click</a>`,
  `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;${RUN}">click</a>`,
  `<a href="jav&#x09;ascript:${RUN}">click</a>`,
  `<a href=" javascript:${RUN}">click</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==">click</a>`,
  `<form action="javascript:${RUN}"><button>go</button></form>`,
  `<math><a xlink:href="javascript:${RUN}">click</a></math>`,
  // Frames, objects and embeds.
  `<iframe src="javascript:${RUN}"></iframe>`,
  `<iframe srcdoc="<script>parent.${RUN}</script>"></iframe>`,
  `<iframe srcdoc="&lt;img src=x onerror=parent.${RUN}&gt;"></iframe>`,
  `<object data="javascript:${RUN}"></object>`,
  `<embed src="javascript:${RUN}">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<base href="javascript:${RUN}//">`,
  // Styles: old IE expressions, url() and style-tag breakouts.
  `<div style="width:expression(${RUN})">x</div>`,
  `<div style="background-image:url(javascript:${RUN})">x</div>`,
  `<style>@import 'javascript:${RUN}';</style>`,
  `<style></style><img src=x onerror=${RUN}>`,
  `<link rel="stylesheet" href="javascript:${RUN}">`,
  // Encoded and split variants.
  `&lt;script&gt;${RUN}&lt;/script&gt;`,
  `%3Cscript%3E${RUN}%3C%2Fscript%3E`,
  `<img src=x onerror=eval(atob('d2luZG93Ll9feHNzPTE='))>`,
  `<img src=x onerror=\\u0077indow.__xss=1>`,
  `<<img src=x onerror=${RUN}//<`,
  `<img """><script>${RUN}</script>">`,
  // Mutation XSS: markup that a sanitiser parses one way and the browser re-parses another.
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<svg></p><style><a id="</style><img src=1 onerror=${RUN}>">`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${RUN}>`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${RUN}>`,
  `<xmp><p title="</xmp><img src=x onerror=${RUN}>">`,
  `<template><img src=x onerror=${RUN}></template>`,
  `<!--><img src=x onerror=${RUN}>-->`,
  `<![CDATA[><img src=x onerror=${RUN}>]]>`,
  `<a href="x" title="&quot; onmouseover=&quot;${RUN}">x</a>`,
];

/**
 * Ends whatever state a payload leaves the HTML parser in (inside a quoted attribute, a tag, a
 * comment, CDATA or a raw-text element such as an unclosed `<style>`), so that payloads stored one
 * after another in a single field each reach the sanitiser and the browser instead of being
 * swallowed by the one before.
 */
export const PAYLOAD_RESET = `'"></textarea></title></style></script></xmp></noscript></noembed></noframes></iframe></template>]]>-->`;
