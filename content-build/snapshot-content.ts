import type { Db } from '#api/db/database.ts';
import { parseDepartureCities } from '#shared/rules/offers.ts';
import type { CatalogueSnapshot } from '#shared/snapshot.ts';
import { groupBy } from './group-by.ts';

type ContentPart = Pick<
  CatalogueSnapshot,
  'company' | 'sliders' | 'landings' | 'mainBanners' | 'regionBanners' | 'activities' | 'homeOpinions' | 'travellerPhotos'
>;

/** How many of the newest reviews marked for the home the snapshot carries: the home shows the first six of public tours. */
export const HOME_OPINIONS_LIMIT = 30;

/**
 * The content visitors see: ACTIVE sliders with their tour links (offer links only with an active
 * offer), ACTIVE landings, banners, home activities and company details. Drafts and inactive items
 * stay out: the static site is what a visitor sees; staff see drafts through the API.
 */
export async function readContentSnapshot(db: Db): Promise<ContentPart> {
  const [sliders, links, offers, landings, contents, mainBanners, regionBanners, activities, activityTours, company, homeOpinions, photos] = await Promise.all([
    db.selectFrom('sliders').selectAll().where('status', '=', 'ACTIVE').orderBy('position').orderBy('id').execute(),
    db.selectFrom('tourSliders').selectAll().orderBy('position').orderBy('id').execute(),
    db.selectFrom('tourOffers').selectAll().where('status', '=', 'active').execute(),
    db.selectFrom('landings').selectAll().where('status', '=', 'ACTIVE').orderBy('slug').execute(),
    db.selectFrom('landingContents').selectAll().orderBy('slug').orderBy('name').orderBy('id').execute(),
    db.selectFrom('mainBanners').selectAll().where('status', '=', 'ACTIVE').orderBy('order').orderBy('id').execute(),
    db.selectFrom('regionBanners').selectAll().where('visible', '=', 1).orderBy('order').orderBy('id').execute(),
    db.selectFrom('activities').selectAll().where('status', '=', 'ACTIVE').orderBy('position').orderBy('name').orderBy('id').execute(),
    db.selectFrom('activityTours').selectAll().orderBy('tourId').execute(),
    db.selectFrom('companyInfo').selectAll().orderBy('id').executeTakeFirst(),
    // Only reviews of tours visitors can open: the card links to the tour.
    db
      .selectFrom('travelerOpinions')
      .innerJoin('tours', 'tours.id', 'travelerOpinions.tourId')
      .select([
        'travelerOpinions.id',
        'tours.id as tourId',
        'tours.name as tourName',
        'tours.webSlug as tourSlug',
        'travelerOpinions.name',
        'travelerOpinions.title',
        'travelerOpinions.description',
        'travelerOpinions.rate',
        'travelerOpinions.createdAt',
      ])
      .where('travelerOpinions.status', '=', 'ACTIVE')
      .where('travelerOpinions.homeViewable', '=', 1)
      .where('tours.publishWeb', '=', 1)
      .orderBy('travelerOpinions.createdAt', 'desc')
      .orderBy('travelerOpinions.id')
      .limit(HOME_OPINIONS_LIMIT)
      .execute(),
    db.selectFrom('travellerPhotos').select(['id', 'name', 'thumbnail']).where('status', '=', 'ACTIVE').orderBy('position').orderBy('id').execute(),
  ]);
  const linksBySlider = groupBy(links, (l) => l.sliderId);
  const offerById = new Map(offers.map((o) => [o.id, o]));
  const contentsByLanding = groupBy(contents, (c) => c.landingId);
  const toursByActivity = groupBy(activityTours, (a) => a.activityId);

  return {
    company: company
      ? {
          name: company.name,
          description: company.description,
          phone: company.numberPhone,
          email: company.email,
          schedules: company.schedules,
          offerValidity: company.offerValidity,
        }
      : null,
    sliders: sliders.map((s) => ({
      id: s.id,
      website: s.website,
      position: s.position,
      label: s.label,
      category: s.category,
      sliderSlug: s.sliderSlug,
      title: s.title,
      sliderTitle: s.sliderTitle,
      subtitle: s.subtitle,
      subTitleBanner: s.subTitleBanner,
      promotionBanner: s.promotionBanner,
      description: s.description,
      labelFooter: s.labelFooter,
      descriptionFooter: s.descriptionFooter,
      sliderBanner: s.sliderBanner,
      sliderBannerMobile: s.sliderBannerMobile,
      sliderBannerAnimation: s.sliderBannerAnimation,
      tours: (linksBySlider.get(s.id) ?? []).flatMap((l) => {
        const offer = l.tourOfferId ? offerById.get(l.tourOfferId) : undefined;
        // A link made for an offer that is now inactive is hidden from visitors with its offer.
        if (l.tourOfferId && !offer) return [];
        return [
          {
            tourId: l.tourId,
            position: l.position,
            offer: offer
              ? {
                  id: offer.id,
                  periodId: offer.periodId,
                  flightId: offer.flightId,
                  stock: offer.stock,
                  description: offer.description,
                  discountCents: offer.discountCents,
                  coupon: offer.coupon,
                  position: offer.position,
                  departureCities: parseDepartureCities(offer.departureCities),
                }
              : null,
          },
        ];
      }),
    })),
    landings: landings.map((l) => ({
      slug: l.slug,
      name: l.name,
      contents: (contentsByLanding.get(l.id) ?? []).map((c) => ({
        slug: c.slug,
        contentType: c.contentType as 'TITLE' | 'TEXT' | 'IMAGE' | 'MEDIA' | 'BUTTON' | 'ENRICHED_TEXT',
        name: c.name,
        value1: c.value1,
        value2: c.value2,
        updatedAt: c.updatedAt,
      })),
    })),
    mainBanners: mainBanners.map((b) => ({
      id: b.id,
      backgroundImageDesktop: b.backgroundImageDesktop,
      backgroundImageMobile: b.backgroundImageMobile,
      content: b.content,
      order: b.order,
      enhanceMenu: b.enhanceMenu === 1,
    })),
    regionBanners: regionBanners.map((b) => ({
      id: b.id,
      region: b.region,
      imageDesktop: b.imageDesktop,
      imageMobile: b.imageMobile,
      description: b.description,
      order: b.order,
    })),
    activities: activities.map((a) => ({
      id: a.id,
      name: a.name,
      city: a.city,
      country: a.country,
      description: a.description,
      thumbnail: a.thumbnail,
      homeViewable: a.homeViewable === 1,
      tourIds: (toursByActivity.get(a.id) ?? []).map((t) => t.tourId),
    })),
    homeOpinions: homeOpinions.map((o) => ({ ...o, rate: Number(o.rate) })),
    travellerPhotos: photos,
  };
}
