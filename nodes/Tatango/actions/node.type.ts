import type { AllEntities } from 'n8n-workflow';

type NodeMap = {
	broadcastMessage: 'get' | 'getMany' | 'send';
	complianceLedger: 'getNumberHistory';
	customField: 'create' | 'delete' | 'getMany';
	subscriber: 'add' | 'addTagsToMany' | 'get' | 'getMany' | 'removeTags' | 'unsubscribe' | 'update';
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
	phoneNumber: 'checkSendWindow';
	rcs: 'sendCarousel' | 'sendFile' | 'sendRichCard' | 'sendText';
	sms: 'send' | 'sendAndWait';
	whatsApp: 'sendTemplate' | 'uploadTemplate';
};

export type TatangoType = AllEntities<NodeMap>;
