// Async boundary: lets Module Federation negotiate shared modules first.
import('./bootstrap');
