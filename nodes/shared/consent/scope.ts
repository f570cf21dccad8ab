// What a request to stop is about: the texts (or the sender in general), or something else: email,
// a newsletter, a paper catalog, calls to another phone, an order, a payment, a warranty. Only the
// first revokes consent to the texts. Pure, no n8n context; words folded as normalize.ts folds them.

/** `texts`: the texts or the sender; `elsewhere`: something else; `calls`: phone calls, not texts. */
export type Scope = 'texts' | 'elsewhere' | 'calls' | 'open';

/** What is texted, in the three languages. */
const TEXTS = new Set(
	(
		'text texts txt txts texting texted textos texto textes texter sms message messages msg msgs ' +
		'messaging mensajes mensaje mensajitos msj msjs alerts alert alertas alerta alertes alerte ' +
		'notifications notification notificaciones notificacion reminders reminder recordatorios rappels ' +
		'avisos aviso recordatorio rappel ' +
		'promos promo promotions promociones offers ofertas deals updates pub pubs publicite publicites ' +
		'publicidad whatsapp whatsapps'
	).split(' '),
);

/** Things a person stops or cancels that are not the texts. */
const ELSEWHERE = new Set(
	(
		'email emails mail mails emailing emailed newsletter newsletters magazine magazines catalog ' +
		'catalogs catalogue catalogues mailer mailers flyer flyers brochure brochures warranty ' +
		'warranties autoship ship shipment shipments order orders delivery deliveries package packages ' +
		'payment payments autopay card cards charge charges billing bill bills pass passes membership ' +
		'memberships appointment appointments reservation reservations booking bookings trial box plan ' +
		'account voicemail voicemails statement statements paper letters postcards invoices receipts ' +
		'mailings refill refills prescription renewal waitlist waiting wishlist registry monthly annual ' +
		'yearly premium mensual anual espera semanal mensuel annuel attente ' +
		'overdraft protection insurance coverage paperless sharing fee fees arbitration loan tracking ' +
		'cookies survey surveys invoice factura facturas recibo facture factures poste courrier ' +
		'size sizes item items product products sample samples ' +
		'correo correos boletin boletines revista revistas catalogo catalogos folleto folletos garantia pedido ' +
		'pedidos orden ordenes entrega entregas paquete paquetes pago pagos tarjeta tarjetas cargo ' +
		'cargos cuenta cita citas reserva reservacion membresia caja ' +
		'courriel courriels infolettre infolettres bulletin revue circulaire garantie commande ' +
		'commandes livraison livraisons colis paiement paiements carte cartes compte rendez ' +
		'adhesion boite ' +
		// A lawsuit, a settlement, a study: "opt out of the class action"
		'action lawsuit lawsuits settlement settlements litigation study ' +
		// A gym, a school, a class: "darme de baja del gimnasio"
		'cobro cobros debito compra compras purchase purchases transaction transactions check checks ' +
		'gym gimnasio gymnase escuela school curso course cours clase clases class classes ' +
		// A service the person is offered: "opt out of the flu shot this year"
		'shot shots vaccine vaccines vaccination vacuna vacunas vaccin vaccins screening'
	).split(' '),
);

/** Where things are sent other than by text: "email alerts", "app notifications", "paper statements". */
const MEDIA = new Set('email emails e mail app push paper correo courriel courriels'.split(' '));

/** "the delivery app promos": offers an app's maker texts, not the app's own notifications. */
const OFFERS = new Set(
	'promos promo promotions promociones offers ofertas deals pub pubs'.split(' '),
);
const appOffers = (medium: string, key: string): boolean => medium === 'app' && OFFERS.has(key);

/** Channel nouns a Spanish or French topic follows with "de" ("correos de ofertas", "courriels de rappel"). */
const HEAD_CHANNELS = new Set(
	'correo correos email emails mail mails courriel courriels llamadas appels'.split(' '),
);
const OF = new Set(['de', 'des', 'du', 'd']);

/** A texts word after "<email> from (your|the)": "my email from your promos". */
const emailFrom = (keys: string[], k: number): boolean => {
	const from = ['your', 'the', 'these', 'all'].includes(keys[k - 1] ?? '') ? k - 2 : k - 1;
	return keys[from] === 'from' && MEDIA.has(keys[from - 1] ?? '');
};

/** Calls, as a thing ("the calls"): not the texts, but a request a person may mean widely. */
const CALLS = new Set('calls call robocalls llamadas llamada appels appel'.split(' '));
/** Verbs of calling: about another phone when one is named ("stop calling my work number"). */
const CALLING = new Set(
	'calling call llamen llamar llamando llames appeler appelez appelle'.split(' '),
);
/** Another phone or person than the one texted. */
const ANOTHER_PHONE = new Set(
	(
		'husband husbands wife wifes mom moms mother dad dads father son daughter kid kids work office ' +
		'landline home house other business esposo esposa mama papa hijo hija trabajo casa oficina fijo ' +
		'travail bureau maison mari femme mere pere fils fille madre padre parent parents grandma grandpa grandmother grandfather boss ' +
		'friend brother sister neighbor neighbour roommate partner boyfriend girlfriend hermano hermana ' +
		'abuela abuelo amigo amiga jefe frere soeur ami amie patron'
	).split(' '),
);
/** Where what follows is the topic, not the thing stopped ("stop texting me about my order"). */
const TOPIC = new Set(
	'about regarding concerning re sobre acerca respecto concernant propos'.split(' '),
);
/** Where the request ends and another begins ("stop the emails but ...", "just text"). */
const BREAK = new Set(
	'but just only instead though although pero solo solamente sino mejor mais seulement juste plutot'.split(
		' ',
	),
);

/** What the request starting at `from` is about, read up to a topic, a "but" or the clause end. */
export function scopeOf(keys: string[], from: number): Scope {
	let texts = false;
	let elsewhere = false;
	let calls = false;
	let calling = false;
	let anotherPhone = false;
	// Where the last texts word after a channel was: "email promo alerts" are all email.
	let channelled = -2;
	for (let k = from; k < keys.length; k++) {
		const key = keys[k];
		if (k > from && (TOPIC.has(key) || BREAK.has(key))) break;
		if (
			TEXTS.has(key) &&
			((MEDIA.has(keys[k - 1] ?? '') && !appOffers(keys[k - 1], key)) || channelled === k - 1)
		) {
			elsewhere = true;
			channelled = k;
		}
		// "unsubscribe my email from your promos": the email is what leaves, the promos only its list.
		else if (TEXTS.has(key) && emailFrom(keys, k)) elsewhere = true;
		// "los correos de promociones": the head noun is the channel, the texts word only its topic.
		else if (TEXTS.has(key) && OF.has(keys[k - 1] ?? '') && HEAD_CHANNELS.has(keys[k - 2] ?? ''))
			elsewhere = true;
		else if (TEXTS.has(key)) texts = true;
		else if (ELSEWHERE.has(key)) elsewhere = true;
		// "your call list" is the list, not calls.
		else if (CALLS.has(key) && keys[k + 1] !== 'list') calls = true;
		else if (CALLING.has(key)) calling = true;
		// "my mother's phone": the possessive is written "mothers" once folded.
		else if (ANOTHER_PHONE.has(key) || ANOTHER_PHONE.has(key.replace(/s$/, '')))
			anotherPhone = true;
	}
	if (texts) return 'texts';
	if (elsewhere || ((calls || calling) && anotherPhone)) return 'elsewhere';
	if (calls) return 'calls';
	return 'open';
}

/** Things a bare STOP or CANCEL may be about when the reply names them: a bill, a card, an order. */
const STOPPABLE_THINGS = new Set(
	(
		'bill bills invoice invoices payment payments autopay card cards charge charges order orders ' +
		'delivery deliveries package shipment appointment appointments reservation booking refill ' +
		'prescription membership renewal factura facturas pago pagos tarjeta pedidos ' +
		'orden entrega paquete cita reserva facture factures paiement carte commande livraison colis ' +
		'rendez slot spot table session class lesson visit ride pickup trip ticket tickets seat room ' +
		'flight rental tour consultation'
	).split(' '),
);

/** Whether a clause names a bill, a card, an order or a booking. */
export function namesOtherThing(keys: string[]): boolean {
	return keys.some((key) => STOPPABLE_THINGS.has(key));
}

/** Whether a clause names the texts in any of the three languages. */
export function namesTexts(keys: string[]): boolean {
	return keys.some((key) => TEXTS.has(key));
}

/** Whether a word names something that is not the texts (for help: "help with my order"). */
export function isElsewhere(key: string): boolean {
	return ELSEWHERE.has(key);
}

/** Other channels a reply may name beside the texts ("calls and texts", "correos y mensajes"). */
const OTHER_CHANNELS = new Set(
	(
		'calls call calling robocalls voicemails email emails emailing mail mails ' +
		'llamadas llamada llamar llamarme llamen correos correo ' +
		'appels appel appeler appelez courriels courriel'
	).split(' '),
);
/** "calls and texts", "ni llamadas ni mensajes", "no calls no texts" */
const AND_OR = new Set('and or nor n & y o ni et ou no'.split(' '));
const ARTICLES = new Set(
	'the my any all your los las mis sus les mes vos tous des de du'.split(' '),
);

/**
 * A reply's words without another channel joined to the texts ("stop all calls and texts", "do
 * not call or text me"): a request that names the texts beside calls or email covers the texts,
 * and reads as the same request about the texts alone.
 */
export function withoutChannelsBesideTexts<W extends { key: string }>(words: W[]): W[] {
	const dropped = new Set<number>();
	for (let i = 0; i + 2 < words.length; i++) {
		if (!OTHER_CHANNELS.has(words[i].key) || !AND_OR.has(words[i + 1].key)) continue;
		let next = i + 2;
		while (next < words.length - 1 && ARTICLES.has(words[next].key)) next++;
		// The articles after the "and" go too, so the one before the channel stays: "plus d'appels
		// ni de textos" reads "plus d textos".
		if (TEXTS.has(words[next].key) || TEXTING.has(words[next].key)) {
			for (let k = i; k < next; k++) dropped.add(k);
		}
	}
	return dropped.size === 0 ? words : words.filter((_, index) => !dropped.has(index));
}

/** Verbs of texting that may follow "call or" ("do not call or text me"). */
const TEXTING = new Set(
	'text texting txt message messaging textear mensajear escribir escribirme texter textez ecrire'.split(
		' ',
	),
);
