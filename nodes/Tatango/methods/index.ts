export * as listSearch from '../../shared/listSearch';
