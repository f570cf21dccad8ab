// @ts-check
const nock = require('nock');
const { runNode } = require('../helpers/runNode');
const creds = { tatangoApi: { email: 'a@b.com', apiKey: 'k', requestsPerHour: 3600000 } };
test('headers', async () => {
	nock.disableNetConnect();
	const scope = nock('https://app.tatango.com')
		.get('/api/v2/momt_reports/1')
		.reply(function () { console.log(this.req.headers); return [200, { status: 'OK', momt_report: { id: 1 } }]; });
	const r = await runNode({ parameters: { resource: 'momtReport', operation: 'get', reportId: '1' }, credentials: creds });
	scope.done();
});
test('econnrefused', async () => {
	const scope = nock('https://app.tatango.com').post('/api/v2/transactional_messages').replyWithError({ code: 'ECONNREFUSED', message: 'x' })
	.post('/api/v2/transactional_messages').reply(200, {status: 'ok'});
	const r = await runNode({ parameters: { resource: 'transactionalMessage', operation: 'send', phoneNumber: '2065551111', content: 'hi' }, credentials: creds });
	console.log(JSON.stringify(r.items), r.error);
	scope.done();
});
test('500', async () => {
	const scope = nock('https://app.tatango.com').post('/api/v2/transactional_messages').reply(500, {error: 'boom'});
	const r = await runNode({ parameters: { resource: 'transactionalMessage', operation: 'send', phoneNumber: '2065551111', content: 'hi' }, credentials: creds });
	console.log(r.error, JSON.stringify(r.error), r.error.constructor.name);
	scope.done();
});
test('invalid', async () => {
	const r = await runNode({ parameters: { resource: 'transactionalMessage', operation: 'send', phoneNumber: '12', content: 'hi' }, credentials: creds, items: [{}, {}] });
	console.log(r.error.message, r.error.description, JSON.stringify(r.error), r.error.context);
});
