// @ts-check
'use strict';
/**
 * What the editor should show, read off the built node's own description (the code n8n loads from
 * the packed package), so operations other work adds are walked without an edit here.
 */
const path = require('path');
const { NodeHelpers } = require('n8n-workflow');

const DIST = path.join(__dirname, '..', '..', 'dist');

function actionNode() {
	const { Tatango } = require(path.join(DIST, 'nodes/Tatango/Tatango.node.js'));
	return /** @type {import('n8n-workflow').INodeTypeDescription} */ (new Tatango().description);
}

function triggerNode() {
	const { TatangoTrigger } = require(
		path.join(DIST, 'nodes/TatangoTrigger/TatangoTrigger.node.js'),
	);
	return /** @type {import('n8n-workflow').INodeTypeDescription} */ (
		new TatangoTrigger().description
	);
}

/**
 * Every resource/operation pair with the operation's option (name, action).
 * @returns {{ resource: string, resourceName: string, operation: string, option: any }[]}
 */
function operationPairs() {
	const description = actionNode();
	const resource = /** @type {any} */ (description.properties.find((p) => p.name === 'resource'));
	return resource.options.flatMap((/** @type {any} */ r) =>
		description.properties
			.filter((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(r.value))
			.flatMap((p) =>
				/** @type {any[]} */ (p.options).map((option) => ({
					resource: r.value,
					resourceName: r.name,
					operation: option.value,
					option,
				})),
			),
	);
}

/** Strips HTML from a notice's text, as the editor renders it. */
const plainText = (/** @type {string} */ html) =>
	html
		.replace(/<[^>]+>/g, '')
		.replace(/\s+/g, ' ')
		.trim();

/**
 * The top-level parameters the panel shows for a resource and operation with default values:
 * labels of fields (collections included) and texts of notices, and which ones are required.
 * @param {string} resource @param {string} operation
 */
function expectedFields(resource, operation) {
	const description = actionNode();
	const node = { typeVersion: 1 };
	const values =
		NodeHelpers.getNodeParameters(
			description.properties,
			{ resource, operation },
			true,
			false,
			node,
			description,
		) ?? {};
	const shown = description.properties.filter(
		(p) => p.type !== 'hidden' && NodeHelpers.displayParameter(values, p, node, description),
	);
	// Several properties may share a name (one per operation); the panel shows the one displayed.
	return {
		labels: shown.filter((p) => p.type !== 'notice').map((p) => p.displayName),
		notices: shown.filter((p) => p.type === 'notice').map((p) => plainText(p.displayName)),
		required: shown.filter((p) => p.required).length,
	};
}

/**
 * The credential pickers the panel shows for a resource and operation (their labels, in order), as
 * n8n decides them from the credentials' displayOptions.
 * @param {string} resource @param {string} operation @param {Record<string, any>} [extra]
 */
function expectedCredentials(resource, operation, extra = {}) {
	return credentialsShown(actionNode(), { resource, operation, ...extra }).map((credential) =>
		String(credential.displayName),
	);
}

/**
 * The credentials a node with these parameters shows pickers for, as n8n decides them from the
 * credentials' displayOptions.
 * @param {import('n8n-workflow').INodeTypeDescription} description
 * @param {Record<string, any>} parameters
 */
function credentialsShown(description, parameters) {
	const node = /** @type {any} */ ({ typeVersion: 1, parameters });
	const values =
		NodeHelpers.getNodeParameters(
			description.properties,
			parameters,
			true,
			false,
			node,
			description,
		) ?? {};
	return (description.credentials ?? []).filter((credential) =>
		NodeHelpers.displayParameter(values, credential, node, description),
	);
}

/** The operations that text a person: those that show the guardrails (Send Once Per among them). */
function textingPairs() {
	const description = actionNode();
	const node = { typeVersion: 1 };
	return operationPairs().filter(({ resource, operation }) => {
		const values =
			NodeHelpers.getNodeParameters(
				description.properties,
				{ resource, operation },
				true,
				false,
				node,
				description,
			) ?? {};
		return description.properties.some(
			(p) =>
				(p.name === 'sendOncePer' ||
					(p.type === 'collection' &&
						/** @type {any[]} */ (p.options ?? []).some((o) => o.name === 'sendOncePer'))) &&
				NodeHelpers.displayParameter(values, p, node, description),
		);
	});
}

module.exports = {
	actionNode,
	credentialsShown,
	triggerNode,
	operationPairs,
	expectedFields,
	expectedCredentials,
	textingPairs,
	plainText,
};
