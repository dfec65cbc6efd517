import { LatestStories } from './features/stories/LatestStories';

export default LatestStories;
