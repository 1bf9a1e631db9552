/**
 * Campaign attribution on the static pages. A visitor who arrives through a campaign link (utm_source…)
 * is asked once whether the shop may remember it for 15 days; only with a yes does the browser keep a
 * random visit id (cookie `dr_visit`) and report the pages seen, and a booking made meanwhile is credited
 * to the campaign by the API. A no is remembered so the question is not asked again. No campaign, no
 * question, nothing sent.
 */
import { CAMPAIGN_CONSENT_KEY, CAMPAIGN_DAYS, isVisitId, UTM_PARAMS, VISIT_COOKIE } from '#shared/campaign.ts';

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

function report(utm: Utm | null) {
  void fetch('/api/visits', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: location.pathname, ...(utm ? { utm } : {}) }),
  }).catch(() => {
    // Counting a page is never worth an error in the visitor's console or a retry.
  });
}

function ask(onAnswer: (yes: boolean) => void) {
  const notice = document.createElement('section');
  notice.className = 'campaign-notice';
  notice.setAttribute('aria-label', 'Aviso sobre campañas');
  notice.innerHTML = `<p>Has llegado desde una de nuestras campañas. ¿Nos dejas recordarlo durante ${CAMPAIGN_DAYS} días para saber qué campañas funcionan? Solo contamos las páginas que ves en esta web y si reservas; no lo compartimos con nadie. <a href="/politica-privacidad">Política de privacidad</a></p><div><button type="button" class="button" data-answer="yes">Aceptar</button> <button type="button" class="button button--no" data-answer="no">No, gracias</button></div>`;
  notice.addEventListener('click', (event) => {
    const answer = (event.target as HTMLElement).closest('button')?.dataset['answer'];
    if (!answer) return;
    notice.remove();
    onAnswer(answer === 'yes');
  });
  document.body.append(notice);
}

export function trackCampaign() {
  let consent: string | null;
  try {
    consent = localStorage.getItem(CAMPAIGN_CONSENT_KEY);
  } catch {
    return; // Storage blocked: nothing can be remembered, so nothing is asked.
  }
  const utm = readUtm(location.search);
  if (consent === 'yes') {
    if (utm) startVisit();
    if (visitId()) report(utm);
    return;
  }
  if (consent === 'no' || !utm) return;
  ask((yes) => {
    localStorage.setItem(CAMPAIGN_CONSENT_KEY, yes ? 'yes' : 'no');
    if (!yes) return;
    startVisit();
    report(utm);
  });
}
