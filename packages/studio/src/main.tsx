import { createRoot } from 'react-dom/client';
import { StudioApp } from './studio-app.tsx';
import './studio.css';

const root = document.getElementById('studio');
if (root) createRoot(root).render(<StudioApp storeDomain={window.location.hostname} />);
