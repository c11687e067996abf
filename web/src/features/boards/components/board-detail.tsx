import type { BoardDetails, BoardMembersAnswer } from "@contract/boards";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { Dialog } from "@/components/ui/dialog";
import { useToasts } from "@/components/ui/toasts";
import { paths } from "@/config/paths";
import { formatCalendarDay } from "@/utils/format-instant";
import { useBoardMembers, useBoards } from "../api/boards";
import "./boards.css";

type Meeting = BoardMembersAnswer["boardOrCommissionAttendance"][number];

/** Meeting dates as MM/DD/YY (spec 3 §9; "2 oct 2026" in Spanish), read as calendar days: no time zone moves them. */
export const formatMeetingDate = (date: string) => formatCalendarDay(date, { short: true });

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="board-detail__panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Overview({ board }: { board: BoardDetails }) {
  const { t } = useTranslation();
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
    ["Boards.TermLength", board.termLength],
    ["Boards.TermLimit", board.termLimit],
    ["Boards.MeetingDay", board.meeting.day],
    ["Boards.MeetingTime", board.meeting.time],
    ["Boards.MeetingLocation", board.meeting.location],
  ];
  return (
    <Panel id="board-overview" title={t("Boards.Overview")}>
      <p>{board.overview}</p>
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
  const { t } = useTranslation();
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
            <ul>
              {board.powersAndDuties.map((duty) => (
                <li key={duty}>{duty}</li>
              ))}
            </ul>
          </Panel>
          <MembersAndAttendance board={board} />
          {board.resources.length > 0 ? (
            <Panel id="board-resources" title={t("Boards.Resources")}>
              <ul>
                {board.resources.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer">
                      {link.label}
                      <span className="visually-hidden"> {t("Links.OpensInNewTab")}</span>
                    </a>
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
