import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/route-table';
import { ScrollOnNavigate } from './app/scroll-on-navigate';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <ScrollOnNavigate />
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
