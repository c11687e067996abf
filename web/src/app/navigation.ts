import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { FeatureFlagName } from "@contract/feature-flags";
import type { NavItem } from "@/components/layout/nav-types";
import type { ExternalLinkName, PortalConfig } from "@/config/env";
import { paths } from "@/config/paths";
import type { SignInStage } from "@/lib/auth/auth-state";

const external = (links: PortalConfig["externalLinks"], name: ExternalLinkName, labelKey: string): NavItem => ({
  id: `city-${name}`,
  labelKey,
  href: links[name],
  external: true,
});

/** Header links to the city's website (spec 1 §2.2). */
export function cityLinks(links: PortalConfig["externalLinks"]): NavItem[] {
  return [
    external(links, "residents", "Header.Residents"),
    external(links, "business", "Header.Business"),
    external(links, "government", "Header.Government"),
    external(links, "explore", "Header.Explore"),
  ];
}

/** Mobile menu links for visitors who are not onboarded (spec 1 §2.2). */
export function siteLinks(links: PortalConfig["externalLinks"]): NavItem[] {
  return [
    { id: "site-home", labelKey: "Nav.Home", href: paths.home.href() },
    external(links, "residents", "Header.Residents"),
    external(links, "business", "Header.Business"),
    external(links, "visitors", "Header.Visitors"),
    external(links, "government", "Header.Government"),
    external(links, "about", "Header.About"),
  ];
}

interface SidebarInput {
  stage: SignInStage;
  userId: string | null;
  /** 'personal' or the organization acted for: its members page is listed only then. */
  selectedOrganization: string;
  isFlagEnabled: (name: FeatureFlagName) => boolean;
  /** Staff (and admins) get the console (issue 31). */
  isStaff?: boolean;
}

/** The signed-in sidebar; only onboarded users have these pages (spec 1 §2.1, §2.2). */
export function sidebarItems({
  stage,
  userId,
  selectedOrganization,
  isFlagEnabled,
  isStaff = false,
}: SidebarInput): NavItem[] {
  if (stage !== "onboarded" || !userId) return [];
  const items: (NavItem | false)[] = [
    { id: "nav-home", labelKey: "Nav.Home", href: paths.dashboard.href() },
    { id: "nav-in-progress", labelKey: "Nav.InProgress", href: paths.inProgress.href() },
    { id: "nav-completed", labelKey: "Nav.CompletedActivities", href: paths.completedActivities.href() },
    isFlagEnabled("EnableWaterBillHistoryPage") && {
      id: "nav-payment",
      labelKey: "Nav.Payment",
      href: paths.waterBillPaymentRecords.href(),
    },
    { id: "nav-profile", labelKey: "Nav.MyProfile", href: paths.account.href(userId) },
    selectedOrganization !== PERSONAL_ORGANIZATION && {
      id: "nav-organization",
      labelKey: "Nav.OrganizationManagement",
      href: paths.organizationManagement.href(),
    },
    isFlagEnabled("EnableBoardsAndCommissions") && {
      id: "nav-boards",
      labelKey: "Nav.BoardsAndCommissions",
      href: paths.boardsAndCommissions.href(),
    },
    isStaff && { id: "nav-console", labelKey: "Nav.Console", href: paths.console.href() },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

/** The admin section, for users whose token carries the admin claim. */
export function adminItems({ stage, isAdmin }: { stage: SignInStage; isAdmin: boolean }): NavItem[] {
  if (stage !== "onboarded" || !isAdmin) return [];
  return [
    { id: "admin-activities", labelKey: "Nav.Activities", href: paths.activitiesAdmin.href() },
    { id: "admin-languages", labelKey: "Nav.Languages", href: paths.languagesAdmin.href() },
    { id: "admin-users", labelKey: "Nav.Users", href: paths.usersAdmin.href() },
    { id: "admin-public-fields", labelKey: "Nav.PublicFields", href: paths.publicFields.href() },
    { id: "admin-system-alerts", labelKey: "Nav.SystemAlerts", href: paths.systemAlerts.href() },
    { id: "admin-bulk-push", labelKey: "Nav.BulkPushNotifications", href: paths.bulkPushNotifications.href() },
    { id: "admin-delinquencies", labelKey: "Nav.Delinquencies", href: paths.delinquencyNotifications.href() },
    { id: "admin-maintenance", labelKey: "Nav.MaintenanceSettings", href: paths.billingMaintenanceSettings.href() },
    { id: "admin-feature-flags", labelKey: "Nav.FeatureFlags", href: paths.featureFlagsAdmin.href() },
    { id: "admin-open311-keys", labelKey: "Nav.Open311Keys", href: paths.open311KeysAdmin.href() },
    { id: "admin-audit-trail", labelKey: "Nav.AuditTrail", href: paths.auditTrail.href() },
    { id: "admin-finance-export", labelKey: "Nav.FinanceExport", href: paths.financeExport.href() },
    { id: "admin-message-templates", labelKey: "Nav.MessageTemplates", href: paths.messageTemplates.href() },
  ];
}
