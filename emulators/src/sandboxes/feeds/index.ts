import express from "express";
import { buildEvents, buildNewsFeed } from "../../seed/feeds.ts";
import type { SandboxDefinition } from "../kit.ts";
import { eventsRss, newsImageSvg, newsRss } from "./rss.ts";

/** The caller's address as the server sees it (ipify answers the public address the same way). */
const callerIp = (remote: string | undefined) => (remote ?? "127.0.0.1").replace(/^::ffff:/, "");

/**
 * The city's RSS feeds (news with picture enclosures, a year of calendar events) and an
 * ipify-like IP lookup (GET /ip?format=json -> {ip}); both are one host here, separate in production.
 */
export const feedsSandbox: SandboxDefinition = {
  name: "feeds",
  createApp: ({ baseUrl }) => {
    const news = buildNewsFeed();
    const events = buildEvents();
    const app = express();
    app.get("/rss/news.xml", (_req, res) => {
      res.type("application/rss+xml").send(newsRss(news, `${baseUrl()}/rss`));
    });
    app.get("/rss/events.xml", (_req, res) => {
      res.type("application/rss+xml").send(eventsRss(events));
    });
    app.get("/rss/images/news-:slot.svg", (req, res) => {
      res.type("image/svg+xml").send(newsImageSvg(Number(req.params.slot) || 1));
    });
    app.get("/ip", (req, res) => {
      const ip = callerIp(req.socket.remoteAddress);
      if (req.query.format === "json") res.json({ ip });
      else res.type("text/plain").send(ip);
    });
    return app;
  },
  env: (baseUrl) => ({
    FEEDS_NEWS_URL: `${baseUrl}/rss/news.xml`,
    FEEDS_EVENTS_URL: `${baseUrl}/rss/events.xml`,
    IP_LOOKUP_URL: `${baseUrl}/ip?format=json`,
  }),
  fail: (_req, res) => {
    res.status(503).type("text/html").send("<html><body><h1>503 Service Unavailable</h1></body></html>");
  },
};
