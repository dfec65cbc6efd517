/**
 * The public data the site shows, by topic. A page names the topics it
 * shows in its app's manifest (`app.json`, `data`), a cached answer's key
 * starts with its topic, and a write route names the topics it changes
 * (`config.changes` or its module's `writesChange`, plugins/dataChanges.ts;
 * a job calls `app.answerCache.clear(topic)`): the answers and the kept
 * pages of that topic go, in every process. A topic outside this list is a typo the compiler (in the
 * API) or `api/test/topics.test.ts` (in the manifests) refuses.
 */
export const DATA_TOPICS = [
  'devotionals',
  'events',
  'groups',
  'live',
  'locations',
  'news',
  'prayers',
  'press',
  'sermons',
  'serving',
  'stories',
  'year-theme',
] as const;

export type DataTopic = (typeof DATA_TOPICS)[number];

/** A cached answer's key: its topic, then what sets it apart (`news:5`, `sermons:series`, `devotionals-tags`). */
export type AnswerKey = DataTopic | `${DataTopic}:${string}` | `${DataTopic}-${string}`;

export const isDataTopic = (value: string): value is DataTopic => (DATA_TOPICS as readonly string[]).includes(value);
