import { chooseCampaignVariant, listCampaignSlugs } from '#shared/rules/landings.ts';
import { matchRoute } from '#shared/routes.ts';
import { loadCatalogue } from './catalogue.ts';

/**
 * The campaign landings `[campaign].astro` builds (and the sitemap lists): slider slugs no other route
 * answers, without the Christmas-markets campaign, whose dedicated page lives under /tipo-de-viaje.
 */
export function listCampaignLandingSlugs(): string[] {
  return listCampaignSlugs({
    sliders: loadCatalogue().sliders,
    isTaken: (slug) => matchRoute(`/${slug}`)?.route.name !== 'campaign' || chooseCampaignVariant(slug) === 'christmas-markets',
  });
}
