/** Small, valid catalogue snapshots for unit tests: every field set, overridable where a test cares. */
import { hashTour } from '#content-build/snapshot-file.ts';
import type { ImageManifest } from '#shared/images.ts';
import type { LiveCatalogue } from '#shared/page-deps.ts';
import {
  type CatalogueSnapshot,
  type DestinationSnapshot,
  type ParentRegionSnapshot,
  type PeriodSnapshot,
  summariseTour,
  type TourSnapshot,
} from '#shared/snapshot.ts';

export function makePeriod(overrides: Partial<PeriodSnapshot> = {}): PeriodSnapshot {
  return {
    id: 'P1',
    name: 'Salida',
    dayOne: '2027-03-24',
    returnDate: '2027-04-05',
    tripType: 'Grupo',
    numberOfDays: 13,
    bookableAvailability: 8,
    webBookable: true,
    publishWeb: true,
    prices: [],
    campaigns: [],
    flights: [],
    optionalActivities: [],
    activityPacks: [],
    reservationModes: [],
    meetingPoint: null,
    beforeYouTravel: null,
    aboutTheAirport: null,
    countryInfo: null,
    emergencyNumbers: null,
    ...overrides,
  };
}

export function makeTour(overrides: Partial<TourSnapshot> = {}): TourSnapshot {
  return {
    id: 'T1',
    name: 'Japón esencial',
    subtitle: null,
    description: null,
    webSlug: 'japon-esencial',
    tagSeason: 'Marzo',
    tagKeywords: 'cultura',
    highlights: null,
    includedServices: null,
    notIncludedServices: null,
    includedServicesWeb: null,
    expertOpinionTitle: null,
    expertOpinion: null,
    expertOpinionAvatar: null,
    stops: null,
    offerValidity: null,
    thumbnail: null,
    banner: null,
    tourType: 'Group',
    rate: null,
    sortTour: 1,
    metaTitle: null,
    metaDescription: null,
    metaKeyword: null,
    destinationIds: [],
    parentRegionIds: [],
    tags: [],
    itinerary: [],
    prices: [{ ageGroupName: 'Adultos', categoryName: 'Standard category', valueCents: 329000 }],
    periods: [makePeriod()],
    opinions: [],
    ...overrides,
  };
}

export const makeDestination = (overrides: Partial<DestinationSnapshot> = {}): DestinationSnapshot => ({
  id: 'D1',
  name: 'Japón',
  slug: 'japon',
  continent: 'Asia',
  iso2: 'JP',
  description: null,
  parentRegionId: 'R1',
  ...overrides,
});

export const makeRegion = (overrides: Partial<ParentRegionSnapshot> = {}): ParentRegionSnapshot => ({
  id: 'R1',
  name: 'Lejano Oriente',
  slug: 'lejano-oriente',
  description: null,
  ...overrides,
});

export function makeSnapshot(overrides: Partial<CatalogueSnapshot> = {}): CatalogueSnapshot {
  return {
    today: '2026-11-22',
    company: null,
    parentRegions: [makeRegion()],
    destinations: [makeDestination()],
    tours: [makeTour({ destinationIds: ['D1'], parentRegionIds: ['R1'] })],
    sliders: [],
    landings: [],
    mainBanners: [],
    regionBanners: [],
    activities: [],
    homeOpinions: [],
    travellerPhotos: [],
    ...overrides,
  };
}

/** A whole snapshot held in memory as the build's renderer holds one opened from its parts (content-build/snapshot-file.ts). */
export function liveCatalogueOf(snapshot: CatalogueSnapshot, images: ImageManifest = {}): LiveCatalogue {
  const { tours, ...content } = snapshot;
  const byId = new Map(tours.map((tour) => [tour.id, tour]));
  return { snapshot: { ...content, tours: tours.map((tour) => summariseTour(tour, hashTour(tour))) }, images, tour: (id) => byId.get(id) ?? null };
}
