import {
  Handshake,
  Landmark,
  Leaf,
  type LucideIcon,
  Map as MapIcon,
  Palette,
  Shield,
  Theater,
  Trees,
  Users,
  Wine,
} from "lucide-react";

/** The CRM's Icon__c names; an unknown name gets the people icon. */
const ICONS: Record<string, LucideIcon> = {
  map: MapIcon,
  landmark: Landmark,
  shield: Shield,
  palette: Palette,
  handshake: Handshake,
  tree: Trees,
  leaf: Leaf,
  glass: Wine,
  theater: Theater,
  users: Users,
};

/** A board's icon; decorative, the alias beside it names the board. */
export function BoardIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? Users;
  return <Icon aria-hidden="true" focusable="false" className="boards__icon" size={32} />;
}
