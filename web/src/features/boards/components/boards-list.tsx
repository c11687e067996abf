import type { BoardDetails } from "@contract/boards";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import { useBoards } from "../api/boards";
import { BoardIcon } from "./board-icon";
import "./boards.css";

const CATEGORIES: { category: BoardDetails["category"]; titleKey: string }[] = [
  { category: "board", titleKey: "Boards.CategoryBoards" },
  { category: "commission", titleKey: "Boards.CategoryCommissions" },
];

function VacancyCard({ board, applyUrl }: { board: BoardDetails; applyUrl: string | null }) {
  const { t } = useTranslation();
  return (
    <li className="boards__card">
      <BoardIcon name={board.icon} />
      <h3 className="boards__card-title">
        <span className="boards__alias">{board.alias}</span>
        <span className="boards__name">{board.name}</span>
      </h3>
      <p>{t("Boards.Vacancies", { count: board.vacancies })}</p>
      {board.vacancies > 0 && applyUrl ? (
        <a className="button button--primary" href={applyUrl} target="_blank" rel="noopener noreferrer">
          {t("Boards.Apply")}
          <span className="visually-hidden">
            {" "}
            {board.name} {t("Links.OpensInNewTab")}
          </span>
        </a>
      ) : null}
      {board.vacancies === 0 ? <p className="boards__unavailable">{t("Boards.Unavailable")}</p> : null}
    </li>
  );
}

/** /boards-and-commissions (spec 3 §2): a grid per category, then a vacancy card per board. */
export function BoardsList() {
  const { t } = useTranslation();
  const boards = useBoards();
  const applyUrl = env().boardApplicationUrl ?? null;

  if (boards.isPending) return <p>{t("Boards.Loading")}</p>;
  if (boards.isError) {
    return (
      <p role="alert" className="error-text">
        {t("Util.ErrorTryAgainLater")}
      </p>
    );
  }
  return (
    <div className="boards">
      {CATEGORIES.map(({ category, titleKey }) => {
        const shown = boards.data.filter((board) => board.category === category);
        if (shown.length === 0) return null;
        return (
          <section key={category} aria-labelledby={`boards-${category}`}>
            <h2 id={`boards-${category}`}>{t(titleKey)}</h2>
            <ul className="boards__grid">
              {shown.map((board) => (
                <li key={board.id}>
                  <Link className="boards__tile" to={paths.boardDetail.href(board.id)}>
                    <BoardIcon name={board.icon} />
                    <span className="boards__alias">{board.alias}</span>
                    <span className="boards__name">{board.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <section aria-labelledby="boards-vacancies">
        <h2 id="boards-vacancies">{t("Boards.CurrentVacancies")}</h2>
        <p>{t("Boards.VacanciesIntro")}</p>
        <ul className="boards__grid boards__grid--cards">
          {boards.data.map((board) => (
            <VacancyCard key={board.id} board={board} applyUrl={applyUrl} />
          ))}
        </ul>
      </section>
    </div>
  );
}
