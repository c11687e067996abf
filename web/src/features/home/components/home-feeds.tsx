import { EventsPanel } from "./events-panel";
import { NewsCarousel } from "./news-carousel";
import "../home.css";

/** News and events, below the fold: a chunk of their own so the first paint of / stays small. */
export default function HomeFeeds({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <NewsCarousel signedIn={signedIn} />
      <EventsPanel />
    </>
  );
}
