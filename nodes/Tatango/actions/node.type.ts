import type { AllEntities } from 'n8n-workflow';

type NodeMap = {
	broadcastMessage: 'get' | 'getMany' | 'send';
	subscriber: 'add' | 'get' | 'getMany' | 'unsubscribe';
	keyword: 'checkAvailability';
	transactionalMessage: 'send';
	list:
		| 'create'
		| 'delete'
		| 'deleteTags'
		| 'get'
		| 'getMany'
		| 'setKeywords'
		| 'update'
		| 'updateOptInSettings';
	momtReport: 'create' | 'get';
	mms: 'send';
	rcs: 'sendCarousel' | 'sendFile' | 'sendRichCard' | 'sendText';
	sms: 'send';
	whatsApp: 'sendTemplate' | 'uploadTemplate';
};

export type TatangoType = AllEntities<NodeMap>;
