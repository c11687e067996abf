import type { BoardDetails, BoardMembersAnswer } from "@contract/boards";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { Dialog } from "@/components/ui/dialog";
import { NewTabLink } from "@/components/ui/new-tab-link";
import { useToasts } from "@/components/ui/toasts";
import { paths } from "@/config/paths";
import { formatCalendarDay } from "@/utils/format-instant";
import { useBoardMembers, useBoards } from "../api/boards";
import "./boards.css";

type Meeting = BoardMembersAnswer["boardOrCommissionAttendance"][number];

/** Meeting dates as MM/DD/YY (spec 3 §9; "2 oct 2026" in Spanish), read as calendar days: no time zone moves them. */
export const formatMeetingDate = (date: string) => formatCalendarDay(date, { short: true });

/**
 * A text of the board in the page's language: the CRM's Spanish one on a Spanish page when the city
 * wrote it, else the English one, then marked `lang="en"` for screen readers (WCAG 3.1.2).
 */
function inLanguage(language: string, english: string, spanish: string | undefined): { text: string; lang?: string } {
  if (!language.startsWith("es")) return { text: english };
  return spanish ? { text: spanish } : { text: english, lang: "en" };
}

/** A board's text in the page's language, in a span marked with the language it is in. */
function Translated({ english, spanish }: { english: string; spanish: string | undefined }) {
  const { i18n } = useTranslation();
  const { text, lang } = inLanguage(i18n.language, english, spanish);
  return <span lang={lang}>{text}</span>;
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="board-detail__panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Overview({ board }: { board: BoardDetails }) {
  const { t, i18n } = useTranslation();
  const overview = inLanguage(i18n.language, board.overview, board.spanish.overview);
  const rows: [string, ReactNode][] = [
    [
      "Boards.Liaison",
      <>
        {board.liaison.name}
        {board.liaison.email ? (
          <>
            <br />
            <a href={`mailto:${board.liaison.email}`}>{board.liaison.email}</a>
          </>
        ) : null}
        {board.liaison.phone ? (
          <>
            <br />
            <a href={`tel:${board.liaison.phone.replace(/[^\d+]/g, "")}`}>{board.liaison.phone}</a>
          </>
        ) : null}
      </>,
    ],
    ["Boards.VacanciesLabel", board.vacancies],
    ["Boards.Size", board.size ?? t("Boards.NotAvailable")],
    ["Boards.TermLength", <Translated key="term" english={board.termLength} spanish={board.spanish.termLength} />],
    ["Boards.TermLimit", <Translated key="limit" english={board.termLimit} spanish={board.spanish.termLimit} />],
    ["Boards.MeetingDay", <Translated key="day" english={board.meeting.day} spanish={board.spanish.meetingDay} />],
    ["Boards.MeetingTime", board.meeting.time],
    ["Boards.MeetingLocation", board.meeting.location],
  ];
  return (
    <Panel id="board-overview" title={t("Boards.Overview")}>
      <p lang={overview.lang}>{overview.text}</p>
      <dl className="board-detail__facts">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

function MeetingDialog({ meeting, onClose }: { meeting: Meeting; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t("Boards.MeetingOf", { date: formatMeetingDate(meeting.date) })}
      onClose={onClose}
      actions={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t("Boards.Close")}
        </button>
      }
    >
      <table className="board-detail__table">
        <thead>
          <tr>
            <th scope="col">{t("Boards.Member")}</th>
            <th scope="col">{t("Boards.Attendance")}</th>
          </tr>
        </thead>
        <tbody>
          {meeting.attendance.map((row) => (
            <tr key={row.memberId}>
              <th scope="row">{row.fullName}</th>
              <td>{t(`Boards.Status${row.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}

function MembersAndAttendance({ board }: { board: BoardDetails }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const answer = useBoardMembers(board.name);
  const [open, setOpen] = useState<Meeting | null>(null);
  useEffect(() => {
    if (answer.isError) toasts.show("error");
  }, [answer.isError, toasts]);
  if (answer.isPending) return <p>{t("Boards.Loading")}</p>;
  if (answer.isError) {
    return (
      <p role="alert" className="error-text">
        {t("Util.ErrorTryAgainLater")}
      </p>
    );
  }
  const { boardOrCommissionMembers: members, boardOrCommissionAttendance: meetings } = answer.data;
  return (
    <div className="board-detail__pair">
      <Panel id="board-members" title={t("Boards.Members")}>
        <table className="board-detail__table">
          <thead>
            <tr>
              <th scope="col">{t("Boards.Member")}</th>
              <th scope="col">{t("Boards.AttendancePercentage")}</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id}>
                <th scope="row">{member.fullName}</th>
                <td>
                  {member.attendancePercentage === null ? t("Boards.NotAvailable") : `${member.attendancePercentage}%`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      <Panel id="board-attendance" title={t("Boards.AttendanceRecord")}>
        <table className="board-detail__table">
          <thead>
            <tr>
              <th scope="col">{t("Boards.MeetingDate")}</th>
            </tr>
          </thead>
          <tbody>
            {meetings.map((meeting) => (
              <tr key={meeting.date}>
                <td>
                  <button type="button" className="board-detail__date" onClick={() => setOpen(meeting)}>
                    {formatMeetingDate(meeting.date)}
                    <span className="visually-hidden"> {t("Boards.ShowAttendance")}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
      {open ? <MeetingDialog meeting={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/** /boards-and-commissions/{id} (spec 3 §2 board detail): overview, duties, members, attendance, resources. */
export function BoardDetailPage() {
  const { t, i18n } = useTranslation();
  const spanishPage = i18n.language.startsWith("es");
  const { id = "" } = useParams();
  const toasts = useToasts();
  const boards = useBoards();
  const board = boards.data?.find((candidate) => candidate.id === id);
  const title = board?.name ?? t("Pages.BoardDetail");
  useEffect(() => {
    if (boards.isError) toasts.show("error");
  }, [boards.isError, toasts]);

  return (
    <div className="board-detail">
      <p>
        <Link to={paths.boardsAndCommissions.path}>{t("Boards.Back")}</Link>
      </p>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {boards.isPending ? <p>{t("Boards.Loading")}</p> : null}
      {boards.isError ? (
        <p role="alert" className="error-text">
          {t("Util.ErrorTryAgainLater")}
        </p>
      ) : null}
      {boards.isSuccess && !board ? <p role="alert">{t("Boards.NotFound")}</p> : null}
      {board ? (
        <>
          <Overview board={board} />
          <Panel id="board-duties" title={t("Boards.PowersAndDuties")}>
            {spanishPage && board.spanish.powersAndDuties.length > 0 ? (
              <ul>
                {board.spanish.powersAndDuties.map((duty) => (
                  <li key={duty}>{duty}</li>
                ))}
              </ul>
            ) : (
              <ul lang={spanishPage ? "en" : undefined}>
                {board.powersAndDuties.map((duty) => (
                  <li key={duty}>{duty}</li>
                ))}
              </ul>
            )}
          </Panel>
          <MembersAndAttendance board={board} />
          {board.resources.length > 0 ? (
            <Panel id="board-resources" title={t("Boards.Resources")}>
              <ul>
                {board.resources.map((link) => (
                  <li key={link.url}>
                    <NewTabLink href={link.url}>
                      <Translated english={link.label} spanish={link.labelEs} />
                    </NewTabLink>
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
