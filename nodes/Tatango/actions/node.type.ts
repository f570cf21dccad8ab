import type { AllEntities } from 'n8n-workflow';

type NodeMap = {
	customField: 'create' | 'delete' | 'getMany';
	subscriber: 'add' | 'addTagsToMany' | 'get' | 'getMany' | 'removeTags' | 'unsubscribe' | 'update';
	keyword: 'checkAvailability';
	transactionalMessage: 'send';
	list: 'updateOptInSettings';
	momtReport: 'get';
	mms: 'send';
	rcs: 'sendCarousel' | 'sendFile' | 'sendRichCard' | 'sendText';
	sms: 'send';
	whatsApp: 'sendTemplate' | 'uploadTemplate';
};

export type TatangoType = AllEntities<NodeMap>;
