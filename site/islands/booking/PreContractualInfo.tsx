/**
 * The pre-contractual information of a package travel, shown before payment (DESIGN.md, Legal): the standard
 * information form of Directive (EU) 2015/2302 as Spain adopted it (Real Decreto Legislativo 1/2007, art. 153
 * and annex II, part A), filled with this departure: the organiser's identity, the trip's main
 * characteristics, price and payment schedule, the right to cancel and its costs, insolvency protection and
 * the traveller's essential rights. Collapsed by default; the terms checkbox refers to it.
 */
import { formatDateRange, formatSpanishDate } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { PaymentOptionsAnswer } from '#shared/schemas/payments.ts';
import type { Organiser } from '../../lib/organiser.ts';
import { pathTo } from '#shared/routes.ts';

/** The booking terms' section on cancellation by the traveller (its heading id on /terminos-reservas). */
export const CANCELLATION_TERMS_PATH = '/terminos-reservas#7-cancelacion-por-tu-parte';
const DIRECTIVE_URL = 'https://eur-lex.europa.eu/legal-content/ES/TXT/?uri=CELEX:32015L2302';
const RDL_URL = 'https://www.boe.es/buscar/act.php?id=BOE-A-2007-20555';

export default function PreContractualInfo({ options, organiser }: { options: PaymentOptionsAnswer; organiser: Organiser }) {
  const { tour, period, travellerCount, quote } = options;
  const dates = period.returnDate ? formatDateRange({ from: period.dayOne, to: period.returnDate }) : `desde el ${formatSpanishDate({ date: period.dayOne })}`;
  const days = period.numberOfDays;
  const laterCents = Math.max(0, options.remainingCents - options.dueNowCents);

  return (
    <details className="funnel-legal" id="informacion-precontractual">
      <summary>Información precontractual del viaje combinado</summary>
      <div className="funnel-legal__body">
        <p>
          La combinación de servicios de viaje que se te ofrece es un <strong>viaje combinado</strong> en el sentido de la Directiva (UE) 2015/2302. Por tanto,
          gozarás de todos los derechos de la UE que se aplican a los viajes combinados. {organiser.legalName} será plenamente responsable de la correcta
          ejecución del viaje combinado en su conjunto. Además, como exige la legislación, {organiser.legalName} está cubierta por una garantía para
          reembolsarte los pagos y, si el transporte está incluido en el viaje, asegurar tu repatriación en caso de que incurra en insolvencia.
        </p>

        <h3>Organizador</h3>
        <p>
          {organiser.legalName} ({organiser.brand}), NIF {organiser.taxId}, {organiser.address}. {organiser.agencyLicence}.
          {(organiser.phone || organiser.email) && (
            <>
              {' '}
              Contacto y asistencia durante el viaje: {organiser.phone && <a href={`tel:${organiser.phone.replace(/\s+/g, '')}`}>{organiser.phone}</a>}
              {organiser.phone && organiser.email && ', '}
              {organiser.email && <a href={`mailto:${organiser.email}`}>{organiser.email}</a>}.
            </>
          )}
        </p>

        <h3>Características principales</h3>
        <dl className="funnel-legal__facts">
          <dt>Viaje y destino</dt>
          <dd>
            <a href={pathTo('tour', { slug: tour.slug })}>{tour.name}</a>
          </dd>
          <dt>Fechas</dt>
          <dd>{dates}</dd>
          {days !== null && (
            <>
              <dt>Duración</dt>
              <dd>
                {days} {days === 1 ? 'día' : 'días'}
                {days > 1 && ` / ${days - 1} ${days - 1 === 1 ? 'noche' : 'noches'}`}
              </dd>
            </>
          )}
          <dt>Viajeros</dt>
          <dd>{travellerCount}</dd>
          <dt>Itinerario, transporte, alojamiento, comidas y visitas</dt>
          <dd>
            Los de la <a href={pathTo('tour', { slug: tour.slug })}>ficha del viaje</a> para esta salida y las opciones que has elegido en tu reserva.
          </dd>
          <dt>Pasaporte, visados y salud</dt>
          <dd>
            La ficha del viaje indica los requisitos generales para ciudadanos españoles; si tienes otra nacionalidad, consulta la embajada o el consulado del
            país de destino.
          </dd>
        </dl>

        <h3>Precio y forma de pago</h3>
        <dl className="funnel-legal__facts">
          <dt>Precio total</dt>
          <dd>{formatEuros(quote.totalCents)}, impuestos incluidos</dd>
          {options.paidCents > 0 && (
            <>
              <dt>Ya pagado</dt>
              <dd>{formatEuros(options.paidCents)}</dd>
            </>
          )}
          <dt>Ahora</dt>
          <dd>
            {formatEuros(options.dueNowCents)}. {options.dueNowExplanation}
          </dd>
          {laterCents > 0 && (
            <>
              <dt>Después</dt>
              <dd>{formatEuros(laterCents)}, en los plazos de tu reserva, antes de la salida. Te avisamos por correo antes de cada vencimiento.</dd>
            </>
          )}
        </dl>
        <p>
          El precio solo puede revisarse por las causas del apartado 4 de las <a href="/terminos-reservas">condiciones de la reserva</a>, como muy tarde 20 días
          antes de la salida; si sube más de un 8 %, puedes resolver el contrato sin penalización.
        </p>

        <h3>Cancelación</h3>
        <p>
          Puedes resolver el contrato en cualquier momento antes de la salida pagando una penalización que depende de la antelación con la que canceles:
          consulta la <a href={CANCELLATION_TERMS_PATH}>tabla de gastos de cancelación</a>. No pagarás penalización si en el destino se producen circunstancias
          inevitables y extraordinarias que afecten de forma significativa al viaje. Los contratos de viaje combinado no tienen el derecho de desistimiento de
          14 días de otras compras a distancia.
        </p>

        <h3>Protección frente a la insolvencia</h3>
        <p>
          {organiser.legalName} tiene una {organiser.insolvencyGuarantee}. Si se te deniegan servicios por insolvencia, puedes dirigirte a esa entidad o a la
          autoridad competente en materia de consumo.
        </p>

        <h3>Tus derechos esenciales</h3>
        <ul>
          <li>Recibes toda la información esencial sobre el viaje antes de celebrar el contrato.</li>
          <li>Siempre hay como mínimo un empresario responsable de la correcta ejecución de todos los servicios de viaje del contrato.</li>
          <li>Tienes un teléfono de emergencia o un punto de contacto para comunicarte con el organizador.</li>
          <li>Puedes ceder el viaje combinado a otra persona, con un preaviso razonable y, en su caso, con costes adicionales.</li>
          <li>
            El precio solo puede aumentar por gastos concretos (por ejemplo, el combustible), si lo prevé el contrato y, como muy tarde, 20 días antes del
            inicio del viaje. Si el aumento supera el 8 % del precio, puedes poner fin al contrato. Si bajan esos costes, tienes derecho a una reducción del
            precio.
          </li>
          <li>
            Puedes poner fin al contrato sin penalización y con el reembolso completo de todos los pagos si se modifica significativamente algún elemento
            esencial del viaje distinto del precio. Si el organizador cancela el viaje antes de su inicio, tienes derecho al reembolso y, cuando proceda, a una
            indemnización.
          </li>
          <li>
            En circunstancias excepcionales, por ejemplo graves problemas de seguridad en el destino que puedan afectar al viaje, puedes poner fin al contrato
            antes del inicio del viaje sin pagar ninguna penalización.
          </li>
          <li>Además, puedes poner fin al contrato en cualquier momento antes del inicio del viaje pagando una penalización adecuada y justificable.</li>
          <li>
            Si, después del inicio del viaje, no pueden prestarse elementos significativos, se te ofrecerán alternativas adecuadas sin coste adicional. Puedes
            poner fin al contrato sin penalización si hay una falta de conformidad que afecte sustancialmente al viaje y el organizador no la soluciona.
          </li>
          <li>
            Tienes derecho a una reducción del precio o a una indemnización por daños y perjuicios si los servicios no se ejecutan o se ejecutan
            incorrectamente.
          </li>
          <li>El organizador debe prestarte asistencia si te encuentras en dificultades.</li>
          <li>
            Si el organizador incurre en insolvencia, se te reembolsarán los pagos; si ocurre después del inicio del viaje y el transporte está incluido, se
            garantiza tu repatriación.
          </li>
        </ul>
        <p>
          Más información: <a href={DIRECTIVE_URL}>Directiva (UE) 2015/2302</a> y{' '}
          <a href={RDL_URL}>Real Decreto Legislativo 1/2007 (Libro IV, viajes combinados)</a>. Las <a href="/terminos-reservas">condiciones de la reserva</a>{' '}
          completan esta información y forman parte del contrato.
        </p>
      </div>
    </details>
  );
}
