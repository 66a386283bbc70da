import { booksStore } from '../db/ledger/books-store.ts';
import type { Books } from './store.ts';

/** The books the journal use cases keep (the port: store.ts), as shared/db keeps them. */
export const books: Books = booksStore;
