/**
 * First-party visit counting on the static pages, only with the visitor's yes. A visitor who arrives through
 * a campaign link (utm_source…) is asked once whether the shop may remember it for 15 days; any visitor can
 * say yes or no on /politica-cookies. Only with a yes does the browser keep a random visit id (cookie
 * `dr_visit`) and report the pages seen, each page again once it has been in view for 30 seconds (the spec's
 * time-on-page event), and a booking made during a campaign is credited to it by the API. A no is remembered
 * so the question is not asked again. No third party is ever told anything.
 */
import { CAMPAIGN_CONSENT_KEY, CAMPAIGN_DAYS, isVisitId, TIME_ON_PAGE_SECONDS, UTM_PARAMS, VISIT_COOKIE } from '#shared/campaign.ts';

type Utm = Partial<Record<keyof typeof UTM_PARAMS, string>>;

function readUtm(search: string): Utm | null {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const [field, param] of Object.entries(UTM_PARAMS) as [keyof Utm, string][]) {
    const value = params.get(param)?.trim().slice(0, 100);
    if (value) utm[field] = value;
  }
  return Object.keys(utm).length > 0 ? utm : null;
}

const visitId = () => {
  const value = document.cookie.match(new RegExp(`(?:^|; )${VISIT_COOKIE}=([^;]*)`))?.[1];
  return isVisitId(value) ? value : undefined;
};

function startVisit() {
  const id = visitId() ?? crypto.randomUUID();
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop serves (Safari, older Firefox).
  document.cookie = `${VISIT_COOKIE}=${id}; Max-Age=${CAMPAIGN_DAYS * 86_400}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

function report(utm: Utm | null, event: 'view' | 'time' = 'view') {
  void fetch('/api/visits', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: location.pathname, event, ...(utm ? { utm } : {}) }),
  }).catch(() => {
    // Counting a page is never worth an error in the visitor's console or a retry.
  });
}

let timing = false;

/** The time-on-page event: once, after the page has been in view (not in a background tab) for 30 seconds. */
function countTimeOnPage() {
  if (timing) return;
  timing = true;
  let seen = 0;
  let since = document.visibilityState === 'visible' ? performance.now() : null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    if (since === null) return;
    timer = setTimeout(
      () => {
        report(null, 'time');
        document.removeEventListener('visibilitychange', onChange);
      },
      Math.max(0, TIME_ON_PAGE_SECONDS * 1000 - seen),
    );
  };
  const onChange = () => {
    clearTimeout(timer);
    if (document.visibilityState === 'visible') {
      since = performance.now();
      arm();
    } else if (since !== null) {
      seen += performance.now() - since;
      since = null;
    }
  };
  document.addEventListener('visibilitychange', onChange);
  arm();
}

/** The cookie policy's preferences: yes starts counting this browser, no stops it and forgets its id. */
function setCounting(yes: boolean) {
  try {
    localStorage.setItem(CAMPAIGN_CONSENT_KEY, yes ? 'yes' : 'no');
  } catch {
    return; // Storage blocked: the answer cannot be kept, so nothing is counted.
  }
  if (yes) {
    // A yes pressed again counts nothing more: the page was counted with the first.
    if (timing) return;
    startVisit();
    report(null);
    countTimeOnPage();
  } else {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop serves (Safari, older Firefox).
    document.cookie = `${VISIT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  }
}

/** What this browser answered: 'yes', 'no' or null (never asked). */
function countingAnswer(): string | null {
  try {
    return localStorage.getItem(CAMPAIGN_CONSENT_KEY);
  } catch {
    return null;
  }
}

/**
 * The cookie policy's preferences (`[data-counting]` buttons), wired here rather than by a script of that page:
 * one module on every page stays small enough to be inlined, where two sharing it would ship it as a file.
 */
function wirePreferences() {
  const state = document.querySelector<HTMLElement>('[data-counting-state]');
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-counting]')];
  if (!state) return;
  const show = (answer: string | null) => {
    state.textContent = answer === 'yes' ? 'permitida' : answer === 'no' ? 'no permitida' : 'sin elegir, no se cuenta nada';
    for (const button of buttons) button.setAttribute('aria-pressed', String(button.dataset.counting === answer));
  };
  show(countingAnswer());
  for (const button of buttons)
    button.addEventListener('click', () => {
      setCounting(button.dataset.counting === 'yes');
      show(countingAnswer());
    });
}

function ask(onAnswer: (yes: boolean) => void) {
  const notice = document.createElement('section');
  notice.className = 'campaign-notice';
  notice.setAttribute('aria-label', 'Aviso sobre campañas');
  notice.innerHTML = `<p>Has llegado desde una de nuestras campañas. ¿Nos dejas recordarlo durante ${CAMPAIGN_DAYS} días para saber qué campañas funcionan? Solo contamos las páginas que ves en esta web, el tiempo que pasas en ellas y si reservas; no lo compartimos con nadie. <a href="/politica-privacidad">Política de privacidad</a></p><div><button type="button" class="button" data-answer="yes">Aceptar</button> <button type="button" class="button button--no" data-answer="no">No, gracias</button></div>`;
  notice.addEventListener('click', (event) => {
    const answer = (event.target as HTMLElement).closest('button')?.dataset['answer'];
    if (!answer) return;
    notice.remove();
    onAnswer(answer === 'yes');
  });
  document.body.append(notice);
}

export function trackCampaign() {
  wirePreferences();
  let consent: string | null;
  try {
    consent = localStorage.getItem(CAMPAIGN_CONSENT_KEY);
  } catch {
    return; // Storage blocked: nothing can be remembered, so nothing is asked.
  }
  const utm = readUtm(location.search);
  if (consent === 'yes') {
    // A yes given on the cookie policy, or to a campaign whose 15 days are over, still counts this browser.
    startVisit();
    report(utm);
    countTimeOnPage();
    return;
  }
  if (consent === 'no' || !utm) return;
  ask((yes) => {
    localStorage.setItem(CAMPAIGN_CONSENT_KEY, yes ? 'yes' : 'no');
    if (!yes) return;
    startVisit();
    report(utm);
    countTimeOnPage();
  });
}
