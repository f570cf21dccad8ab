import type { AllEntities } from 'n8n-workflow';

type NodeMap = {
	subscriber: 'add' | 'get' | 'getMany' | 'unsubscribe';
	keyword: 'checkAvailability';
	transactionalMessage: 'send';
	list: 'updateOptInSettings';
	momtReport: 'get';
	rcs: 'sendRichCard';
	sms: 'send';
};

export type TatangoType = AllEntities<NodeMap>;
